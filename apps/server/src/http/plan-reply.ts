import type { Express, Response } from 'express';
import { replyToPlanReminder, type PlanReplyOutcome } from '../domains/reminders/reply-to-plan-reminder.ts';
import { escapeHtml } from '../escape-html.ts';
import type { Platform } from '../graphql/context.ts';

const MESSAGES: Record<
  Exclude<PlanReplyOutcome['status'], 'answered'>,
  { status: number; title: string; text: string }
> = {
  invalid: {
    status: 400,
    title: 'This link does not work',
    text: 'The link is incomplete or was changed. Your answer to the plan is as it was. Open Plaza to answer there.',
  },
  expired: {
    status: 410,
    title: 'This link has expired',
    text: 'The plan has already started, so the link no longer changes your answer.',
  },
  used: {
    status: 409,
    title: 'This link was already used',
    text: 'Your answer changed since we sent it (or the plan changed), so the link changed nothing. Open Plaza to see or change your answer.',
  },
};

function page(res: Response, publicUrl: string, message: { status: number; title: string; text: string }) {
  res
    .status(message.status)
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<meta name="robots" content="noindex"><title>${escapeHtml(message.title)} · Plaza</title></head>` +
        `<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">` +
        `<h1>${escapeHtml(message.title)}</h1><p>${escapeHtml(message.text)}</p>` +
        `<p><a href="${escapeHtml(publicUrl)}/">Go to Plaza</a></p></body></html>`,
    );
}

/**
 * `GET /plan-reply/<token>?answer=yes|no`: the one-click answers of a "still going?" reminder
 * (decision 0011). A good token sets ATTENDING or UNATTENDING for that occurrence and redirects to
 * the plan page with replied=yes|no; a bad, expired or used one changes nothing and says why.
 */
export function mountPlanReply(app: Express, platform: Platform): void {
  app.get('/plan-reply/:token', async (req, res, next) => {
    try {
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Referrer-Policy', 'no-referrer');
      const answer = typeof req.query.answer === 'string' ? req.query.answer : undefined;
      const outcome = await replyToPlanReminder(platform, req.params.token, answer);
      if (outcome.status !== 'answered')
        return page(res, platform.config.publicUrl, MESSAGES[outcome.status]);
      const target = new URL(outcome.planUrl);
      target.searchParams.set('replied', outcome.answer);
      res.redirect(303, target.toString());
    } catch (error) {
      next(error);
    }
  });
}
