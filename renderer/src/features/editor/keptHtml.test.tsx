import { act, cleanup, configure, render, waitFor } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { Form, type FormInstance } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../core/i18n';
import { topLevelSources } from './keptHtml';
import RichTextEditor from './RichTextEditor';

// Content as the websites hold it: what the server's cleaning writes (`<img ... />`, `style="a:b;c:d"`), in the
// shapes of the demo's news (a picture in its own paragraph), tables, lists and styled text from the toolbar.
const DEMO = '<h2>Khám sức khỏe tổng quát</h2><p>Gói khám dành cho người lớn.</p><p><img src="/files/news/kham.jpg" alt="Khám sức khỏe" /></p>';
const TABLE =
  '<p>Giờ làm việc:</p><table><tbody><tr><th>Ngày</th><th>Giờ</th></tr><tr><td>Thứ hai</td><td>7:30 – 17:00</td></tr></tbody></table>';
const LISTS = '<ul><li>Đo huyết áp</li><li>Xét nghiệm máu</li></ul><ol start="3"><li><p>Siêu âm</p></li></ol><p>Kết thúc.</p>';
const STYLED =
  '<p><span style="font-size:14pt;font-family:Arial, sans-serif">Chữ lớn</span> và <strong>đậm</strong>, <a href="https://example.com">liên kết</a>.</p><p>Đoạn cuối.</p>';
/** What the editor used to save for the demo's news: the picture thrown out of its paragraph. */
const SPLIT_BEFORE = '<p>Ảnh:</p><p></p><img src="/files/a.png" alt="a" /><p></p>';

beforeAll(async () => {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  await initI18n('vi-VN');
});
afterEach(cleanup);
configure({ asyncUtilTimeout: 10_000 });

/** The editor in a form field, as the record forms hold it; the form's value is what Save sends. */
async function openInForm(content: string) {
  const changed = vi.fn();
  let form: FormInstance | undefined;
  function Host() {
    const [instance] = Form.useForm();
    form = instance;
    return (
      <Form form={instance} initialValues={{ content }} onValuesChange={changed}>
        <Form.Item name="content">
          <RichTextEditor aria-label="Nội dung" />
        </Form.Item>
      </Form>
    );
  }
  const { container } = render(<Host />);
  const dom = await waitFor(() => {
    const found = container.querySelector('.ProseMirror') as (HTMLElement & { editor?: Editor }) | null;
    if (!found?.editor) throw new Error('editor not ready');
    return found;
  });
  const editor = dom.editor!;
  return { editor, changed, value: () => form!.getFieldValue('content') as string };
}

/** Type `text` at the end of the top-level block `index` (a keystroke inserts text where the cursor is). */
function typeAtEndOf(editor: Editor, index: number, text: string) {
  let pos = 0;
  for (let i = 0; i < index; i += 1) pos += editor.state.doc.child(i).nodeSize;
  const block = editor.state.doc.child(index);
  act(() => {
    editor.view.dispatch(editor.state.tr.insertText(text, pos + block.nodeSize - 1));
  });
}

describe('the rich-text editor gives back the HTML it was given (issue 42)', () => {
  it('keeps a picture inside its paragraph', async () => {
    const { editor } = await openInForm(DEMO);
    const last = editor.state.doc.lastChild!;
    expect(editor.state.doc.childCount).toBe(3);
    expect(last.type.name).toBe('paragraph');
    expect(last.firstChild?.type.name).toBe('image');
  });

  // Each with a paragraph to type in.
  it.each([
    ['news of the demo', DEMO, 1],
    ['a table', TABLE, 0],
    ['lists', LISTS, 2],
    ['styled text and a link', STYLED, 0],
  ] as const)('opening %s changes nothing in the form, and an edit undone gives the same HTML back', async (_name, html, paragraph) => {
    const { editor, changed, value } = await openInForm(html);
    // Give the editor's plugins their turn: nothing may count as an edit.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(changed).not.toHaveBeenCalled();
    expect(value()).toBe(html);

    typeAtEndOf(editor, paragraph, ' x');
    expect(value()).not.toBe(html);
    act(() => {
      editor.commands.undo();
    });
    expect(value()).toBe(html);
  });

  it('typing one word changes only that paragraph', async () => {
    const demo = await openInForm(DEMO);
    typeAtEndOf(demo.editor, 1, ' Đặt lịch');
    expect(demo.value()).toBe(DEMO.replace('người lớn.</p>', 'người lớn. Đặt lịch</p>'));
    cleanup();

    const table = await openInForm(TABLE);
    typeAtEndOf(table.editor, 0, ' mới');
    expect(table.value()).toBe(TABLE.replace('<p>Giờ làm việc:</p>', '<p>Giờ làm việc: mới</p>'));
    cleanup();

    const lists = await openInForm(LISTS);
    typeAtEndOf(lists.editor, 2, ' Cảm ơn.');
    expect(lists.value()).toBe(LISTS.replace('<p>Kết thúc.</p>', '<p>Kết thúc. Cảm ơn.</p>'));
    cleanup();

    const styled = await openInForm(STYLED);
    typeAtEndOf(styled.editor, 1, ' Hết');
    expect(styled.value()).toBe(STYLED.replace('<p>Đoạn cuối.</p>', '<p>Đoạn cuối. Hết</p>'));
  });

  it('content the old editor split keeps its shape when another paragraph is edited', async () => {
    const { editor, value } = await openInForm(SPLIT_BEFORE);
    typeAtEndOf(editor, 0, ' đẹp');
    expect(value()).toBe(SPLIT_BEFORE.replace('<p>Ảnh:</p>', '<p>Ảnh: đẹp</p>'));
  });
});

describe('cutting HTML into its top-level blocks', () => {
  it('keeps each block as written, whitespace and comments before it included', () => {
    expect(topLevelSources('<p>a<br/>b</p>\n<table><tr><td title="x>y">c</td></tr></table><!-- n --><img src="/a.png">')).toEqual([
      '<p>a<br/>b</p>',
      '\n<table><tr><td title="x>y">c</td></tr></table>',
      '<!-- n --><img src="/a.png">',
    ]);
  });
  it('gives up on text at the top and on unclosed tags', () => {
    expect(topLevelSources('loose <p>a</p>')).toBeNull();
    expect(topLevelSources('<p>a<p>b')).toBeNull();
    expect(topLevelSources('<p>a</p></div>')).toBeNull();
  });
});
