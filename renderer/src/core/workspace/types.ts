/** A website as `GET /api/Websites/get-all` lists it (name/address/note are per-language JSON text). */
export interface WebsiteLanguage {
  languageId: string;
  name?: string;
  isActive?: boolean;
  isDefault?: boolean;
}
export interface Website {
  id: number | string;
  name: string;
  isDefault?: boolean;
  isActive?: boolean;
  websiteLanguages?: WebsiteLanguage[];
  [field: string]: unknown;
}

/** What every screen works in: the header's website and language. */
export interface Workspace {
  websites: Website[];
  /** Current website (null when none exists yet). */
  website: Website | null;
  /** Current website id, for paths like `News/{website}/{lang}` (null when none exists). */
  websiteId: Website['id'] | null;
  /** Languages of the current website; `vi-VN` alone when it has none. */
  languages: WebsiteLanguage[];
  /** The website's default language: where per-language text falls back to when the content language has none. */
  defaultLanguage: string;
  /** Current content language id (also sent as Accept-Language). */
  language: string;
  setWebsiteId(id: Website['id']): void;
  setLanguage(languageId: string): void;
  /** Reload the website list (after a website screen adds or edits one). */
  reloadWebsites(): Promise<void>;
}
