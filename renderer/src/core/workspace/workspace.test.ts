import { describe, expect, it } from 'vitest';
import { localized } from './localized';
import { languagesOf, orderWebsites } from './WorkspaceProvider';

describe('workspace helpers', () => {
  it('puts the default website first', () => {
    const sites = orderWebsites([
      { id: 1, name: 'a' },
      { id: 2, name: 'b', isDefault: true },
      { id: 3, name: 'c' },
    ]);
    expect(sites.map((s) => s.id)).toEqual([2, 1, 3]);
  });

  it("offers the website's active languages, default first, and vi-VN when it has none", () => {
    expect(
      languagesOf({
        id: 1,
        name: '',
        websiteLanguages: [
          { languageId: 'en-US', isActive: true },
          { languageId: 'fr-FR', isActive: false },
          { languageId: 'vi-VN', isActive: true, isDefault: true },
        ],
      }).map((l) => l.languageId),
    ).toEqual(['vi-VN', 'en-US']);
    expect(languagesOf({ id: 1, name: '', websiteLanguages: [] }).map((l) => l.languageId)).toEqual(['vi-VN']);
    expect(languagesOf(null).map((l) => l.languageId)).toEqual(['vi-VN']);
  });

  it('reads per-language JSON text in the wanted language, else the first one', () => {
    const name = JSON.stringify({ 'vi-VN': 'Phòng khám', 'en-US': 'Clinic' });
    expect(localized(name, 'en-US')).toBe('Clinic');
    expect(localized(name, 'fr-FR')).toBe('Phòng khám');
    expect(localized('Plain text', 'en-US')).toBe('Plain text');
    expect(localized(null, 'en-US')).toBe('');
  });
});
