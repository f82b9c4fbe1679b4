import { useTranslation } from 'react-i18next';

/** The id of the screen's area (the layout's `<main>`), which the skip link moves the focus to. */
export const CONTENT_ID = 'content';

/**
 * The first stop of the Tab key: "Bỏ qua đến nội dung / Skip to content", hidden until focused (core/theme/
 * ConsoleStyles.tsx). It moves the focus to the screen itself, past the header and the side navigation, so the next
 * Tab reaches the screen's first control (on /news, "Thêm mới" was 22 Tabs away).
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      className="sd-skip-link"
      href={`#${CONTENT_ID}`}
      onClick={(event) => {
        event.preventDefault(); // the address keeps its path; only the focus moves
        document.getElementById(CONTENT_ID)?.focus();
      }}
    >
      {t('shortcuts.skipToContent')}
    </a>
  );
}
