/** @jest-environment node */
import { auditChanges } from './audit-diff';

describe('auditChanges', () => {
  it('lists only the fields an update changed, nested ones by dotted path and route lists as one value', () => {
    const before = {
      id: 'mobile',
      enabled: true,
      routes: ['/features/mobile-app'],
      audience: { kind: 'all' },
      card: { pluginName: 'mobile', title: { en: 'Mobile app', de: 'Mobile App' } },
    };
    const after = {
      ...before,
      enabled: false,
      routes: ['/features/mobile-app', '/features/mobile-app/setup'],
      audience: { kind: 'sellers', emails: ['a@shop.test', 'b@shop.test'] },
      card: { pluginName: 'mobile', title: { en: 'Mobile', de: 'Mobile App' } },
    };
    expect(auditChanges(before, after)).toEqual([
      { path: 'enabled', before: 'true', after: 'false' },
      { path: 'routes', before: '/features/mobile-app', after: '/features/mobile-app, /features/mobile-app/setup' },
      { path: 'audience.kind', before: 'all', after: 'sellers' },
      { path: 'audience.emails', before: undefined, after: 'a@shop.test, b@shop.test' },
      { path: 'card.title.en', before: 'Mobile app', after: 'Mobile' },
    ]);
  });

  it('a create lists every field as added, a delete every field as removed, a card set to null as removed fields', () => {
    expect(auditChanges(null, { id: 'x', card: null })).toEqual([
      { path: 'id', before: undefined, after: 'x' },
      { path: 'card', before: undefined, after: 'null' },
    ]);
    expect(auditChanges({ id: 'x', order: 3 }, null)).toEqual([
      { path: 'id', before: 'x' },
      { path: 'order', before: '3' },
    ]);
    expect(auditChanges({ card: { pluginName: 'p' } }, { card: null })).toEqual([
      { path: 'card', before: undefined, after: 'null' },
      { path: 'card.pluginName', before: 'p' },
    ]);
  });

  it('reports nothing for equal values and shows empty strings and lists visibly', () => {
    expect(auditChanges({ a: 1, b: ['x'] }, { b: ['x'], a: 1 })).toEqual([]);
    expect(auditChanges({ remote: 'mfe_x', routes: ['/a'] }, { remote: '', routes: [] })).toEqual([
      { path: 'remote', before: 'mfe_x', after: '""' },
      { path: 'routes', before: '/a', after: '[]' },
    ]);
  });
});
