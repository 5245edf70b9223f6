/**
 * Secrets out of text that came from elsewhere (a provider's error body, an exception's message)
 * before it is logged or stored: the secrets the caller knows are in play (the key it sent),
 * credential headers and fields however they are quoted, bearer values, and the shapes of the
 * keys and tokens simdeck deals in. What is left reads the same, with `[redacted]` in place.
 */
const REDACTED = '[redacted]';

/** `Authorization: Bearer …`, `"x-api-key":"…"`, `api_key=…`, … in headers, JSON, query strings. */
const CREDENTIAL_FIELD =
  /\b((?:proxy-)?authorization|x-api-key|x-goog-api-key|api[-_]?key|access[-_]token|refresh[-_]token|id[-_]token|client[-_]secret|secret|password|token|key)(\\?["']?\s*[:=]\s*\\?["']?)(?:(bearer|basic|token)\s+)?([^\s"'\\,;&}\]]+)/gi;

/** Bearer values wherever they stand. */
const BEARER = /\b(bearer)\s+[A-Za-z0-9._~+/=-]{6,}/gi;

/** Key and token shapes: OpenAI/Anthropic/OpenRouter `sk-…`, Google `AIza…`, GitHub, Stripe, simdeck's own, JWTs. */
const KEY_SHAPES = [
  /\bsk-[A-Za-z0-9_-]{12,}/g,
  /\bAIza[0-9A-Za-z_-]{20,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{16,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{16,}/g,
  /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{12,}/g,
  /\bwhsec_[A-Za-z0-9]{12,}/g,
  /\btok_[A-Za-z0-9_-]{12,}/g,
  /\beyJ[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{6,}/g,
];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function redactSecrets(text: string, known: readonly (string | null | undefined)[] = []): string {
  let out = text;
  for (const secret of known)
    if (secret && secret.length >= 6) out = out.replace(new RegExp(escapeRegExp(secret), 'g'), REDACTED);
  out = out.replace(
    CREDENTIAL_FIELD,
    (_m, name: string, sep: string, scheme: string | undefined) =>
      `${name}${sep}${scheme ? `${scheme} ` : ''}${REDACTED}`,
  );
  out = out.replace(BEARER, `$1 ${REDACTED}`);
  for (const shape of KEY_SHAPES) out = out.replace(shape, REDACTED);
  return out;
}
