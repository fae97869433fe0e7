/** The product's name and versions: one module, read by health, capabilities and the OpenAPI document. */
export const PRODUCT = 'Workforce';

/** The version of the /v1 contract (the OpenAPI document's info.version). */
export const API_VERSION = '1.0.0';

/** The version of the module catalogue (routers/metadata/modules.procedures.ts). */
export const CATALOGUE_VERSION = '2026.11.1';
