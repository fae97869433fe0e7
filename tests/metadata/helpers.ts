// Helpers of the metadata tests only: the module catalogue as decisions §10 lists it.

/** The modules of decisions §10, in catalogue order. */
export const CATALOGUE_SLUGS = [
  'core-hr',
  'leave',
  'attendance',
  'holidays',
  'assets',
  'recruitment',
  'helpdesk',
  'surveys',
  'payroll',
  'performance',
  'expenses',
  'learning',
];

export interface Module {
  slug: string;
  title: string;
  description: string;
  status: string;
  availability: string;
  category: string;
  url: string;
}
