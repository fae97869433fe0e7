/**
 * A strict parser of the Prometheus text exposition format 0.0.4 (what prom-client writes and
 * Prometheus scrapes): it throws on anything a scraper could reject or misread, rather than skipping
 * it. Checked: metric and label names, label-value escapes, sample values, `# TYPE` at most once
 * per family and before its samples, samples of a family together, sample names that belong to
 * their family's type (`_bucket`/`_sum`/`_count` …), no series twice, counters not negative, and
 * each histogram series' buckets ordered, cumulative and ending in `+Inf` equal to its `_count`.
 */

export type Labels = Record<string, string>;

interface Sample {
  name: string;
  labels: Labels;
  value: number;
}

export interface Family {
  name: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help: string | undefined;
  samples: Sample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const FLOAT = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/**
 * A sample value as Prometheus reads it (Go's ParseFloat): a decimal float, or NaN and [+-]Inf in
 * any case (prom-client writes NaN as `Nan`).
 */
function parseValue(text: string, where: string): number {
  const special = /^([+-]?)(inf|infinity|nan)$/i.exec(text);
  if (special) {
    if (special[2]?.toLowerCase() === 'nan') return Number.NaN;
    return special[1] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  }
  if (!FLOAT.test(text)) throw new Error(`${where}: '${text}' is not a sample value`);
  return Number(text);
}

/** `{a="x",b="y"}` from position `start` (at `{`); returns the labels and the position after `}`. */
function parseLabels(line: string, start: number, where: string): { labels: Labels; end: number } {
  const labels: Labels = {};
  let i = start + 1;
  while (line[i] !== '}') {
    const nameEnd = line.indexOf('=', i);
    if (nameEnd < 0) throw new Error(`${where}: label without '='`);
    const name = line.slice(i, nameEnd);
    if (!LABEL_NAME.test(name)) throw new Error(`${where}: bad label name '${name}'`);
    if (Object.hasOwn(labels, name)) throw new Error(`${where}: label '${name}' twice`);
    if (line[nameEnd + 1] !== '"') throw new Error(`${where}: label value of '${name}' not quoted`);
    let value = '';
    let j = nameEnd + 2;
    for (; ; j++) {
      const c = line[j];
      if (c === undefined) throw new Error(`${where}: unterminated label value`);
      if (c === '"') break;
      if (c === '\\') {
        const escaped = line[++j];
        if (escaped === 'n') value += '\n';
        else if (escaped === '\\' || escaped === '"') value += escaped;
        else throw new Error(`${where}: bad escape '\\${escaped}' in a label value`);
      } else value += c;
    }
    labels[name] = value;
    i = j + 1;
    if (line[i] === ',') i++;
    else if (line[i] !== '}') throw new Error(`${where}: expected ',' or '}' after label '${name}'`);
  }
  return { labels, end: i + 1 };
}

/** The family a sample name belongs to, given its type. */
function familyOf(sampleName: string, families: Map<string, Family>): Family | undefined {
  const direct = families.get(sampleName);
  if (direct && direct.type !== 'histogram') return direct;
  for (const suffix of ['_bucket', '_sum', '_count']) {
    if (!sampleName.endsWith(suffix)) continue;
    const family = families.get(sampleName.slice(0, -suffix.length));
    if (family?.type === 'histogram' || (family?.type === 'summary' && suffix !== '_bucket')) return family;
  }
  return undefined;
}

function seriesKey(name: string, labels: Labels, without?: string): string {
  const pairs = Object.entries(labels)
    .filter(([k]) => k !== without)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `${name}${JSON.stringify(pairs)}`;
}

function checkHistogram(family: Family): void {
  const series = new Map<string, { buckets: [number, number][]; count?: number }>();
  const entry = (labels: Labels) => {
    const key = seriesKey(family.name, labels, 'le');
    const found = series.get(key) ?? { buckets: [] };
    series.set(key, found);
    return found;
  };
  for (const s of family.samples) {
    if (s.name === `${family.name}_bucket`) {
      if (s.labels.le === undefined) throw new Error(`${family.name}: a bucket without 'le'`);
      entry(s.labels).buckets.push([parseValue(s.labels.le, family.name), s.value]);
    } else if (s.name === `${family.name}_count`) entry(s.labels).count = s.value;
  }
  for (const [key, { buckets, count }] of series) {
    for (let i = 1; i < buckets.length; i++) {
      const [le, n] = buckets[i] as [number, number];
      const [previousLe, previousN] = buckets[i - 1] as [number, number];
      if (!(le > previousLe)) throw new Error(`${key}: buckets not in increasing 'le' order`);
      if (n < previousN) throw new Error(`${key}: bucket counts not cumulative`);
    }
    const last = buckets.at(-1);
    if (!last || last[0] !== Number.POSITIVE_INFINITY) throw new Error(`${key}: no +Inf bucket`);
    if (count !== last[1]) throw new Error(`${key}: _count ${count} differs from the +Inf bucket ${last[1]}`);
  }
}

/** Parses an exposition; throws with the line number on the first thing that is not well formed. */
export function parseExposition(text: string): Map<string, Family> {
  if (text.length > 0 && !text.endsWith('\n')) throw new Error('the exposition does not end with a newline');
  const families = new Map<string, Family>();
  const seen = new Set<string>();
  const closed = new Set<string>();
  let current: Family | undefined;
  const declare = (name: string, where: string): Family => {
    if (!METRIC_NAME.test(name)) throw new Error(`${where}: bad metric name '${name}'`);
    const family: Family = families.get(name) ?? { name, type: 'untyped', help: undefined, samples: [] };
    families.set(name, family);
    return family;
  };
  const lines = text.split('\n').slice(0, -1);
  lines.forEach((line, index) => {
    const where = `line ${index + 1}`;
    if (line.trim() === '') return;
    if (line.startsWith('#')) {
      const match = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (!match) return; // a comment
      const [, keyword, name, rest] = match as unknown as [string, string, string, string];
      const family = declare(name, where);
      if (family.samples.length > 0) throw new Error(`${where}: # ${keyword} of ${name} after its samples`);
      if (keyword === 'HELP') {
        if (family.help !== undefined) throw new Error(`${where}: second HELP for ${name}`);
        family.help = rest;
      } else {
        if (family.type !== 'untyped' || !TYPES.has(rest)) throw new Error(`${where}: bad or second TYPE for ${name}`);
        family.type = rest as Family['type'];
      }
      return;
    }
    const nameEnd = line.search(/[{ ]/);
    if (nameEnd <= 0) throw new Error(`${where}: not a sample: '${line}'`);
    const name = line.slice(0, nameEnd);
    if (!METRIC_NAME.test(name)) throw new Error(`${where}: bad metric name '${name}'`);
    let labels: Labels = {};
    let rest = line.slice(nameEnd);
    if (rest.startsWith('{')) {
      const parsed = parseLabels(line, nameEnd, where);
      labels = parsed.labels;
      rest = line.slice(parsed.end);
    }
    const fields = rest.split(' ');
    if (fields[0] !== '' || fields.length < 2 || fields.length > 3) throw new Error(`${where}: bad sample '${line}'`);
    const value = parseValue(fields[1] as string, where);
    if (fields[2] !== undefined && !/^-?\d+$/.test(fields[2])) throw new Error(`${where}: bad timestamp`);
    const family = familyOf(name, families) ?? declare(name, where);
    if (family !== current) {
      if (current) closed.add(current.name);
      if (closed.has(family.name)) throw new Error(`${where}: samples of ${family.name} are not together`);
      current = family;
    }
    const key = seriesKey(name, labels);
    if (seen.has(key)) throw new Error(`${where}: series ${key} twice`);
    seen.add(key);
    if (family.type === 'counter' && !(value >= 0)) throw new Error(`${where}: counter ${name} is ${value}`);
    family.samples.push({ name, labels, value });
  });
  for (const family of families.values()) if (family.type === 'histogram') checkHistogram(family);
  return families;
}

/**
 * The value of the one sample named `name` whose labels are exactly `labels`; undefined when there
 * is none.
 */
export function sampleValue(families: Map<string, Family>, name: string, labels: Labels = {}): number | undefined {
  const family = familyOf(name, families);
  const wanted = seriesKey(name, labels);
  return family?.samples.find((s) => seriesKey(s.name, s.labels) === wanted)?.value;
}
