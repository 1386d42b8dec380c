import type { Express, Response } from 'express';
import { GraphQLError } from 'graphql';
import { renderCalendarFeed } from '../domains/calendars/calendar-feed.ts';
import { renderCalendar } from '../domains/calendars/icalendar.ts';
import { planEvents } from '../domains/calendars/plan-events.ts';
import { unlockedByLinkIn } from '../domains/plans/plan-access.ts';
import { findPlan } from '../domains/plans/find-plan.ts';
import { planLoaders } from '../domains/plans/plan-loaders.ts';
import { buildRequestContext, type Platform } from '../graphql/context.ts';
import { headersOf } from './request-headers.ts';

const NOT_FOUND = 'Not found';

function notFound(res: Response) {
  res.status(404).type('text/plain').send(NOT_FOUND);
}

function sendCalendar(res: Response, text: string, filename: string) {
  res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  // Private: what a calendar holds depends on who asks (or on the secret in the address).
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.send(text);
}

/**
 * Calendar files (decision 0011). `GET /ics/plan/<key>.ics[?invite_key=…]`: one plan for the
 * signed-in viewer (cookie or bearer) or a visitor, under the `plan` query's rule: a plan they may
 * not view is the same 404 as a key that names nothing. `GET /ics/feed/<secret>.ics`: a person's
 * private feed; an unknown or revoked secret is 404.
 */
export function mountCalendars(app: Express, platform: Platform): void {
  app.get('/ics/plan/:file', async (req, res, next) => {
    try {
      const match = /^([A-Za-z0-9_-]{1,64})\.ics$/.exec(req.params.file);
      if (!match) return notFound(res);
      const url = new URL(req.originalUrl, platform.config.publicUrl);
      const request = new Request(url, { headers: headersOf(req.headers) });
      const context = await buildRequestContext(platform, request, { req });
      const inviteKey = typeof req.query.invite_key === 'string' ? req.query.invite_key : null;
      let access;
      try {
        access = await findPlan(context, { key: match[1]!, inviteKey });
      } catch (error) {
        if (error instanceof GraphQLError && error.extensions.code === 'NOT_FOUND') return notFound(res);
        throw error;
      }
      const plan = access.plan;
      const exceptions = plan.recurrence ? await planLoaders(context).occurrences.load(plan.id) : [];
      const text = renderCalendar({
        now: new Date(),
        productId: new URL(platform.config.publicUrl).host,
        events: planEvents(plan, exceptions, {
          publicUrl: platform.config.publicUrl,
          inviteKey: unlockedByLinkIn(context, plan.id) ? plan.inviteKey : null,
        }),
      });
      sendCalendar(res, text, `${plan.slug || 'plan'}.ics`);
    } catch (error) {
      next(error);
    }
  });

  app.get('/ics/feed/:file', async (req, res, next) => {
    try {
      const match = /^([A-Za-z0-9_-]{20,100})\.ics$/.exec(req.params.file);
      const text = match ? await renderCalendarFeed(platform, match[1]!) : null;
      if (text === null) return notFound(res);
      sendCalendar(res, text, 'plaza.ics');
    } catch (error) {
      next(error);
    }
  });
}
