import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  adAccountAdGroupsSchema,
  adAccountParamsSchema,
  createAdAccountSchema,
  createdAdAccountSchema,
  adAccountAccessResponseSchema,
  adAccountAccessSchema,
} from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import { requireUser } from '../../plugins/auth';
import type { XAdAccountsService } from './ad-accounts.service';

/** SPEC §7 external API: validate ad account, create ad account, create audiences ad account. */
export const adAccountsRoutes: FastifyPluginCallbackZod<{ adAccountsService: XAdAccountsService }> = (
  app,
  { adAccountsService: service },
  done,
) => {
  const tags = ['ad-accounts'];

  app.post(
    '/api/external/validate-ad-account/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: "Whether the user's connected X account reaches an ad account (SPEC §4 access)",
        body: adAccountAccessSchema,
        response: { 200: adAccountAccessResponseSchema, ...errorResponses(400, 403, 503) },
      },
    },
    (request) => service.validate(requireUser(request), request.body.ad_account_id),
  );

  app.get(
    '/api/user/accounts/:account_id/ad-groups/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: "An ad account's ad groups (X line items) with their ads, read on X (Profile settings)",
        params: adAccountParamsSchema,
        response: { 200: adAccountAdGroupsSchema, ...errorResponses(400, 403, 503) },
      },
    },
    (request) => service.adGroups(requireUser(request), request.params.account_id),
  );

  app.post(
    '/api/external/create-ad-account/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Add an ad account the connected X account reaches, under a name (access becomes true)',
        body: createAdAccountSchema,
        response: { 201: createdAdAccountSchema, ...errorResponses(400, 403, 503) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createAdAccount(requireUser(request), request.body)),
  );

  app.post(
    '/api/external/create-audiences-ad-account/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Open a new ad account on X for the audiences of an ad account the user reaches',
        body: createAdAccountSchema,
        response: { 201: createdAdAccountSchema, ...errorResponses(400, 403, 503) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createAudiencesAdAccount(requireUser(request), request.body)),
  );
  done();
};
