import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adCategoryListSchema, campaignSummaryPdfSchema } from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import { requireUser } from '../../plugins/auth';
import type { CampaignsService } from './campaigns.service';

/** SPEC §7: a campaign's summary PDF, and the content and advertiser categories. */
export const campaignSummaryRoutes: FastifyPluginCallbackZod<{ campaignsService: CampaignsService }> = (
  app,
  { campaignsService: service },
  done,
) => {
  const tags = ['campaigns'];
  app.post(
    '/api/campaign-summary-pdf/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary:
          "A campaign's summary (figures, daily chart, reach, segmentations, audiences) as a PDF in the user's language",
        body: campaignSummaryPdfSchema,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('application/pdf'), ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await service.summaryPdf(requireUser(request), request.body.campaign);
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="campaign.pdf"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .send(pdf);
    },
  );

  // ---- categories ----
  app.get(
    '/api/content-categories/',
    {
      schema: {
        tags,
        summary: 'Content categories (English and Japanese names)',
        response: { 200: adCategoryListSchema },
      },
    },
    () => service.contentCategories(),
  );
  app.get(
    '/api/advertiser-categories/',
    {
      schema: {
        tags,
        summary: 'Advertiser categories (English and Japanese names)',
        response: { 200: adCategoryListSchema },
      },
    },
    () => service.advertiserCategories(),
  );

  done();
};
