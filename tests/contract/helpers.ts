// Helpers of the contract tests only: the operations of an OpenAPI document, the template a /v1 path
// answers to, and a fetch that records the exchanges to check each 2xx body against the document.
import type { TestServer } from '../support/harness.js';
import type { Json } from '../support/http.js';
import { expectMatchesOpenApi } from '../support/openapi.js';

export interface Operation {
  method: string; // lower case, as in the document
  template: string; // path template without /v1: /leave-requests/{id}/approve
  operation: Json;
  statuses: number[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every operation of an OpenAPI document, paths × methods. */
export function operationsOf(doc: Json): Operation[] {
  return Object.entries(doc.paths as Record<string, Json>).flatMap(([template, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({
        method,
        template,
        operation: operation as Json,
        statuses: Object.keys((operation as Json).responses as Json).map(Number),
      })),
  );
}

/** The document's path template a concrete /v1 pathname answers to. */
export function templateOf(doc: Json, pathname: string): string | undefined {
  const sub = pathname.replace(/^\/v1(?=\/)/, '');
  return Object.keys(doc.paths as Json).find((template) =>
    new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(sub),
  );
}

/** A fetch that records every /v1 exchange, so a test can validate each body against the document. */
export function recordingFetch(log: { method: string; url: string; status: number; body: unknown }[]) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const res = await fetch(request);
    const text = await res.clone().text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: validation below reports it
    }
    log.push({ method: request.method, url: request.url, status: res.status, body });
    return res;
  };
}

/** Validates every recorded 2xx /v1 body against the served document (tests/support/openapi.ts). */
export async function expectAllMatch(
  h: TestServer,
  doc: Json,
  log: { method: string; url: string; status: number; body: unknown }[],
): Promise<number> {
  let checked = 0;
  for (const entry of log) {
    if (entry.status < 200 || entry.status >= 300) continue;
    const { pathname } = new URL(entry.url);
    const template = templateOf(doc, pathname);
    if (!template) throw new Error(`${entry.method} ${pathname} is not in the document`);
    await expectMatchesOpenApi(h, entry.method, template, entry.status, entry.body);
    checked++;
  }
  return checked;
}
