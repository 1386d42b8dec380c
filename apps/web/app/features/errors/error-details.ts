import { isRouteErrorResponse } from 'react-router';
import { PAGE_NOT_FOUND_MESSAGE } from '@plaza/core/error-messages';
import { errorPageTitle, errorStatus, isMaintenanceError } from '@plaza/core/error-status';
import { isSafeRedirect } from '@plaza/core/redirect';
import { isChunkLoadError } from './chunk-reload-guard.ts';

/** A button the error itself offers, e.g. `throw data({ action: { label, href } }, { status: 403 })`. */
export interface ErrorAction {
  label: string;
  href: string;
}

export interface ErrorDetails {
  status: number;
  title: string;
  /** What the visitor reads under the title; never the raw error text. */
  explanation: string;
  action: ErrorAction | null;
  /** The error's own text, for developers only. */
  rawMessage: string | null;
  /** Maintenance replaces the whole page, header and footer included (spec 2.4). */
  isFullPage: boolean;
}

const EXPLANATIONS: Record<number, string> = {
  403: 'You do not have access to this page. If someone shared it with you, ask them to invite you.',
  404: PAGE_NOT_FOUND_MESSAGE,
  503: 'Plaza is down for a short maintenance. Please try again in a few minutes.',
};
const DEFAULT_EXPLANATION = 'We could not show this page. Please try again in a moment.';
const CHUNK_EXPLANATION =
  'Part of Plaza could not be loaded, perhaps because it was just updated. Reload the page in a minute.';

function fieldsOf(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

/** Only labelled in-app paths or web addresses become a button, so error data cannot inject a javascript: link. */
export function errorActionOf(data: unknown): ErrorAction | null {
  const action = fieldsOf(fieldsOf(data)?.action);
  if (!action || typeof action.label !== 'string' || !action.label.trim() || typeof action.href !== 'string')
    return null;
  const isWebAddress = /^https:\/\/[^\s]+$/.test(action.href);
  return isSafeRedirect(action.href) || isWebAddress ? { label: action.label, href: action.href } : null;
}

function rawMessageOf(error: unknown): string | null {
  if (isRouteErrorResponse(error)) {
    const message = fieldsOf(error.data)?.message;
    if (typeof message === 'string') return message;
    if (typeof error.data === 'string' && error.data) return error.data;
    return `${error.status} ${error.statusText}`.trim();
  }
  if (error instanceof Error) return error.stack ?? error.message;
  return typeof error === 'string' ? error : null;
}

/** What the error page shows for an error thrown anywhere below it (spec 2.4 and 8). */
export function errorDetails(error: unknown, { isDevelopment }: { isDevelopment: boolean }): ErrorDetails {
  const status = isRouteErrorResponse(error) ? error.status : errorStatus(error);
  // Spec 8: a 503 is the maintenance screen only when its data flags maintenance.
  const isMaintenance = status === 503 && isMaintenanceError(error);
  const shownAs = status === 503 && !isMaintenance ? 500 : status;
  return {
    status,
    title: errorPageTitle(shownAs),
    explanation: isChunkLoadError(error) ? CHUNK_EXPLANATION : (EXPLANATIONS[shownAs] ?? DEFAULT_EXPLANATION),
    action: isRouteErrorResponse(error) ? errorActionOf(error.data) : errorActionOf(error),
    rawMessage: isDevelopment ? rawMessageOf(error) : null,
    isFullPage: isMaintenance,
  };
}
