import { describe, expect, it } from 'vitest';
import { localized } from './localized';
import { currentDefaultLanguage, currentLanguage, setCurrentLanguage } from './current';
import { defaultLanguageOf, languagesOf, orderWebsites } from './WorkspaceProvider';

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

  it("reads per-language JSON text in the wanted language, else the website's default language, else any", () => {
    const name = JSON.stringify({ 'en-US': 'Clinic', 'vi-VN': 'Phòng khám', 'fr-FR': '' });
    expect(localized(name, 'en-US', 'vi-VN')).toBe('Clinic');
    // French is empty: the default language's text, not the first one written.
    expect(localized(name, 'fr-FR', 'vi-VN')).toBe('Phòng khám');
    expect(localized(name, 'ja-JP', 'en-US')).toBe('Clinic');
    // Nothing in the default language either: any text rather than none.
    expect(localized(JSON.stringify({ 'en-US': '', 'de-DE': 'Klinik' }), 'fr-FR', 'vi-VN')).toBe('Klinik');
    expect(localized('Plain text', 'en-US')).toBe('Plain text');
    expect(localized(null, 'en-US')).toBe('');
    expect(localized(7, 'en-US')).toBe('7');
  });

  it("falls back to the current website's default language, as the workspace marks it", () => {
    const languages = languagesOf({ id: 1, name: '', websiteLanguages: [{ languageId: 'vi-VN', isActive: true }, { languageId: 'en-US', isActive: true, isDefault: true }] });
    expect(defaultLanguageOf(languages)).toBe('en-US');
    expect(defaultLanguageOf(languagesOf(null))).toBe('vi-VN');
    const before = [currentLanguage(), currentDefaultLanguage()] as const;
    try {
      setCurrentLanguage('fr-FR', 'en-US');
      expect(localized(JSON.stringify({ 'vi-VN': 'Phòng khám', 'en-US': 'Clinic' }), 'fr-FR')).toBe('Clinic');
    } finally {
      setCurrentLanguage(...before);
    }
  });
});
