import { describe, expect, it } from 'vitest';
import { parsePlanPreset, planPresetHash } from './plan-preset.ts';

describe('plan form preset from the URL hash (spec 2.3)', () => {
  it('reads what planPresetHash wrote', () => {
    const preset = {
      title: 'Picnic in the park',
      isPublic: true,
      start: '2026-12-05T12:00',
      hashtags: ['picnic'],
      location: { name: 'Jardim da Estrela', city: 'Lisbon' },
    };
    expect(parsePlanPreset(planPresetHash(preset))).toEqual(preset);
  });

  it('accepts the hash with or without "#" and a "preset=" prefix', () => {
    const encoded = encodeURIComponent(JSON.stringify({ title: 'Run' }));
    expect(parsePlanPreset(encoded)).toEqual({ title: 'Run' });
    expect(parsePlanPreset(`#preset=${encoded}`)).toEqual({ title: 'Run' });
  });

  it('ignores fields of the wrong type and unknown fields', () => {
    const hash = planPresetHash({
      title: 42,
      isPublic: 'yes',
      start: 'tomorrow',
      description: 'Bring snacks',
      admin: true,
    } as never);
    expect(parsePlanPreset(hash)).toEqual({ description: 'Bring snacks' });
  });

  it('answers null for an empty hash, broken JSON or a modal hash', () => {
    expect(parsePlanPreset('')).toBeNull();
    expect(parsePlanPreset('#')).toBeNull();
    expect(parsePlanPreset('#%7B%22title')).toBeNull();
    expect(parsePlanPreset('#modal:group:edit:abc')).toBeNull();
    expect(parsePlanPreset(planPresetHash({}))).toBeNull();
    expect(parsePlanPreset('#%5B1%2C2%5D')).toBeNull();
  });
});
