import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseXml, type XmlElement } from './xml.js';

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function serialize(el: XmlElement): string {
  const attrs = Object.entries(el.attrs).map(([k, v]) => ` ${k}="${escape(v)}"`).join('');
  if (el.children.length === 0 && el.text === '') return `<${el.name}${attrs}/>`;
  return `<${el.name}${attrs}>${escape(el.text)}${el.children.map(serialize).join('')}</${el.name}>`;
}

const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,6}$/);
// Printable text without characters XML forbids (control characters other than tab/newline).
const text = fc.string({ maxLength: 12 }).map((s) => s.replace(/[^\t\n\x20-\x7e\u00a0-\ud7ff]/g, ''));
function element(depth: number): fc.Arbitrary<XmlElement> {
  const children: fc.Arbitrary<XmlElement[]> = depth === 0 ? fc.constant<XmlElement[]>([]) : fc.array(element(depth - 1), { maxLength: 3 });
  return fc.record({ name, attrs: fc.dictionary(name, text, { maxKeys: 3 }), children, text });
}
const tree = element(3);

describe('parseXml', () => {
  it('parses back what a correct serializer writes (text before children)', () => {
    fc.assert(fc.property(tree, (t) => {
      expect(parseXml(serialize(t))).toEqual(t);
    }), { numRuns: 200 });
  });

  it('rejects any document with one closing tag renamed', () => {
    fc.assert(fc.property(tree.filter((t) => t.children.length > 0 || t.text !== ''), (t) => {
      const doc = serialize(t);
      const broken = doc.replace(new RegExp(`</${t.name}>$`), `</${t.name}x>`);
      expect(() => parseXml(broken)).toThrow();
    }), { numRuns: 100 });
  });
});
