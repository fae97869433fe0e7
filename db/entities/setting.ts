import { defineEntity, p } from '@mikro-orm/core';

/** Process-wide values every node must share (the generated cursor secret). Not tenant data. */
export const Setting = defineEntity({
  name: 'Setting',
  tableName: 'settings',
  properties: {
    key: p.string().primary(),
    value: p.string(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
