import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  ageGroupsResponseSchema,
  competitorAnalysisSchema,
  descriptionAnalysisResponseSchema,
  descriptionAnalysisSchema,
  exploreResultSchema,
  followersOfSchema,
  handleAnalysisResponseSchema,
  handleAnalysisSchema,
  interestedInSchema,
  jobResponseSchema,
  jobWaitQuerySchema,
  packageBodySchema,
  postedAboutSchema,
  relatedKeywordsResponseSchema,
  relatedKeywordsSchema,
  suggestInterestsResponseSchema,
  topicPostsResponseSchema,
  topicPostsSchema,
  validateHandleResponseSchema,
  validateHandleSchema,
  wordsInProfileSchema,
} from '@murmur/core/api';
import type { z } from 'zod';
import type { JobQueue } from '../../jobs/jobs';
import { errorResponses } from '../../lib/http';
import { jobCaller } from '../../jobs/job-caller';
import { sendJob, wantsWait } from '../../jobs/job-response';
import type { AnalysisService } from './analysis.service';
import type { ExploreService } from './explore.service';

/**
 * Public: the audience builder's explore tools and analyses under /api/external/
 * (docs/API-AUDIENCES.md "Explore-X and the audience-builder family"); 503 while the engine loads.
 */
export const exploreRoutes: FastifyPluginCallbackZod<{
  exploreService: ExploreService;
  analysisService: AnalysisService;
  jobs: JobQueue;
}> = (app, { exploreService: explore, analysisService: analysis, jobs }, done) => {
  const tags = ['explore'];
  const schema = <B extends z.ZodType, R extends z.ZodType>(summary: string, body: B, response: R) => ({
    schema: { tags, summary, body, response: { 200: response, ...errorResponses(400, 404, 503) } },
  });
  const jobSchema = <B extends z.ZodType>(summary: string, body: B) => ({
    schema: {
      tags,
      summary,
      querystring: jobWaitQuerySchema,
      body,
      response: { 200: jobResponseSchema, 202: jobResponseSchema, ...errorResponses(400, 404, 429, 503) },
    },
  });

  app.post(
    '/api/external/validate-handle/',
    schema(
      'Whether a handle exists on the network, with its account',
      validateHandleSchema,
      validateHandleResponseSchema,
    ),
    (request) => explore.validateHandle(request.body.handle),
  );
  app.post(
    '/api/external/followers-of/',
    schema('Followers of one account', followersOfSchema, exploreResultSchema),
    (request) => explore.followersOf(request.body.handle),
  );
  app.post(
    '/api/external/interested-in/',
    schema('People interested in an interest (label or value)', interestedInSchema, exploreResultSchema),
    (request) => explore.interestedIn(request.body.interest),
  );
  app.post(
    '/api/external/posted-about/',
    schema('People who posted about keywords', postedAboutSchema, exploreResultSchema),
    (request) => explore.postedAbout(request.body.keywords),
  );
  app.post(
    '/api/external/words-in-profile/',
    schema('People with words in their profile', wordsInProfileSchema, exploreResultSchema),
    (request) => explore.wordsInProfile(request.body.words),
  );
  app.post(
    '/api/external/suggest-interests/',
    schema('Interests over-represented in an audience', packageBodySchema, suggestInterestsResponseSchema),
    (request) => explore.suggestInterests(request.body.targeting_package),
  );
  app.post(
    '/api/external/related-keywords/',
    schema(
      'Terms co-occurring with a keyword, by lift',
      relatedKeywordsSchema,
      relatedKeywordsResponseSchema,
    ),
    (request) => explore.relatedKeywords(request.body.keyword),
  );
  app.post(
    '/api/external/age-groups/',
    schema('Age groups of an audience (SPEC §3 bands)', packageBodySchema, ageGroupsResponseSchema),
    (request) => ({ ...explore.ageGroups(request.body.targeting_package) }),
  );
  app.post(
    '/api/external/handle-analysis/',
    schema(
      'One account: its followers, their demographics and interests, its hashtags and hours',
      handleAnalysisSchema,
      handleAnalysisResponseSchema,
    ),
    (request) => analysis.handleAnalysis(request.body.handle),
  );
  app.post(
    '/api/external/description-analysis/',
    schema(
      'Keywords and interests of a description, with an estimate',
      descriptionAnalysisSchema,
      descriptionAnalysisResponseSchema,
    ),
    (request) => analysis.descriptionAnalysis(request.body.description),
  );
  app.post(
    '/api/external/topic-posts/',
    schema(
      'Posts about keywords with lexicon sentiment (English, Japanese)',
      topicPostsSchema,
      topicPostsResponseSchema,
    ),
    (request) => analysis.topicPosts(request.body),
  );
  app.post(
    '/api/external/generate-insights/',
    jobSchema('Insights of a package (a job)', packageBodySchema),
    async (request, reply) =>
      sendJob(
        reply,
        jobs,
        await analysis.generateInsights(request.body.targeting_package, jobCaller(request)),
        wantsWait(request.query),
      ),
  );
  app.post(
    '/api/external/competitor-analysis/',
    jobSchema('1–12 accounts side by side with their shared followers (a job)', competitorAnalysisSchema),
    async (request, reply) =>
      sendJob(
        reply,
        jobs,
        await analysis.competitorAnalysis(request.body.handles, jobCaller(request)),
        wantsWait(request.query),
      ),
  );
  done();
};
