import { describe, expect, it } from 'vitest';
import { DefaultLayout } from './default-layout';
import { InvalidChannelLayout } from './invalid-channel-layout';
import { MaintenanceLayout } from './maintenance-layout';
import { SampleLayout } from './sample-layout';
import { SimpleLayout } from './simple-layout';
import { SITE_LAYOUTS } from './site-layout';

describe('the layouts the server names (/v1/layouts/{page}.layout)', () => {
  it.each([
    ['default', DefaultLayout],
    ['invalidChannel', InvalidChannelLayout],
    ['maintenance', MaintenanceLayout],
    ['sample', SampleLayout],
    ['simple', SimpleLayout],
  ] as const)('resolve %s to its own frame', (name, layout) => {
    expect(SITE_LAYOUTS[name]).toBe(layout);
  });

  it('has no other names (an unknown one gets default)', () => {
    expect(Object.keys(SITE_LAYOUTS).sort()).toEqual(['default', 'invalidChannel', 'maintenance', 'sample', 'simple']);
  });
});
