/**
 * A pass-through for the unpacked XML of one workbook part that refuses it, by throwing an
 * {@link ImportLimitError}, as soon as it passes a limit (limits.ts; issue 12 "bounded imports"):
 *
 * - actual bytes: more than the part declared (a lying header), more than the whole file's budget of
 *   unpacked bytes, more than the part's own limit (shared texts);
 * - shape, so that the XML parser (saxes, which keeps a whole text node, tag or comment in memory until it
 *   ends) and exceljs (which keeps a whole row and a cell's text) never hold much: a cell / shared text
 *   (`<c>`, `<si>`) over `maxCellBytes`, a row over `maxRowBytes`, more than `maxSheetRows` rows, a text
 *   run or CDATA section over `maxCellBytes`, a tag, comment or processing instruction over `maxTagBytes`,
 *   and any `<!DOCTYPE>` (OOXML has none; saxes would keep its internal subset).
 *
 * The scanner is a small XML lexer over bytes (text, tags with quoted attribute values, comments, CDATA,
 * processing instructions), so a `</c>` inside a comment or an attribute cannot close a cell early. Positions
 * are checked at each tag and at the end of each chunk, so a limit is passed by at most one chunk (16 KB).
 * The readable side gives UTF-8 text (decoded across chunk boundaries).
 */
import { Transform, type TransformCallback } from 'node:stream';
import { IMPORT_LIMITS, ImportLimitError, bytesLimit, formatBytes } from './limits';

/** Unpacked bytes allowed for the whole file and used so far, shared by the guards of its parts. */
export interface UnpackBudget { used: number; max: number }

export interface XmlGuardOptions {
  /** Part name, for messages. */
  part: string;
  /** Declared unpacked size: one byte more is a damaged (lying) file. */
  declared: number;
  budget: UnpackBudget;
  /** The part's own limit and the message key for it (shared texts). */
  own?: { max: number; key: 'sharedStrings' };
  /** Local name of the element that holds one cell's content: `c` in a worksheet, `si` in the shared texts. */
  item?: 'c' | 'si';
  limits?: Partial<typeof IMPORT_LIMITS>;
}

const enum S { Text, Lt, Bang, Comment, Pi, Cdata, Name, Attrs, Quote }
const LT = 0x3c, GT = 0x3e, SLASH = 0x2f, BANG = 0x21, QMARK = 0x3f, DQ = 0x22, SQ = 0x27, DASH = 0x2d, RSQB = 0x5d;
const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/** See module doc. Pipe the inflated part into it; read strings from it. */
export class XmlGuard extends Transform {
  private readonly o: XmlGuardOptions;
  private readonly lim: typeof IMPORT_LIMITS;
  private bytes = 0;
  private pos = 0;
  private state = S.Text;
  private textStart = 0;
  private tagStart = 0;
  private isEnd = false;
  private name = '';
  private last = 0; // last non-space byte of the current tag
  private quote = 0;
  private bang = '';
  private prev1 = 0;
  private prev2 = 0;
  private itemStart = -1;
  private rowStart = -1;
  private rows = 0;

  constructor(o: XmlGuardOptions) {
    super();
    this.o = o;
    this.lim = { ...IMPORT_LIMITS, ...o.limits };
    this.setEncoding('utf8');
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    try {
      this.count(chunk.length);
      this.scan(chunk);
      cb(null, chunk);
    } catch (e) {
      cb(e as Error);
    }
  }

  override _flush(cb: TransformCallback): void {
    cb(this.state === S.Text || this.state === S.Lt ? null : new Error(`${this.o.part} ends inside a tag`));
  }

  private count(n: number) {
    const { o } = this;
    this.bytes += n;
    o.budget.used += n;
    if (this.bytes > o.declared) throw new ImportLimitError('lying', { part: o.part, declared: o.declared });
    if (o.own && this.bytes > o.own.max) throw bytesLimit(o.own.key, o.own.max);
    if (o.budget.used > o.budget.max) throw bytesLimit('unpacked', o.budget.max);
  }

  private cellTooLong(): never {
    throw new ImportLimitError('cellBytes', { max: this.lim.maxCellChars, bytes: formatBytes(this.lim.maxCellBytes) });
  }

  private markup(detail: string): never {
    throw new ImportLimitError('markup', { detail: `${this.o.part}: ${detail}` });
  }

  /** The spans that must stay short, measured up to `at`. */
  private checkSpans(at: number) {
    const { lim } = this;
    if (this.itemStart >= 0 && at - this.itemStart > lim.maxCellBytes) this.cellTooLong();
    if (this.rowStart >= 0 && at - this.rowStart > lim.maxRowBytes) throw bytesLimit('rowBytes', lim.maxRowBytes);
    switch (this.state) {
      case S.Text: case S.Cdata:
        if (at - this.textStart > lim.maxCellBytes) this.cellTooLong();
        break;
      case S.Lt: case S.Bang: case S.Comment: case S.Pi: case S.Name: case S.Attrs: case S.Quote:
        if (at - this.tagStart > lim.maxTagBytes) this.markup(`a tag, comment or instruction longer than ${formatBytes(lim.maxTagBytes)}`);
        break;
    }
  }

  private endTag(at: number) {
    this.checkSpans(at); // the tag itself, and the cell or row it may close
    const local = this.name.slice(this.name.lastIndexOf(':') + 1);
    const { item } = this.o;
    if (this.isEnd) {
      if (local === item) this.itemStart = -1;
      else if (local === 'row') this.rowStart = -1;
    } else {
      const open = this.last !== SLASH;
      if (local === item && open) this.itemStart = this.tagStart;
      else if (local === 'row') {
        if (++this.rows > this.lim.maxSheetRows) throw new ImportLimitError('sheetRows', { max: this.lim.maxSheetRows });
        if (open) this.rowStart = this.tagStart;
      }
    }
    this.state = S.Text;
    this.textStart = at + 1;
  }

  private scan(buf: Buffer) {
    const base = this.pos;
    const n = buf.length;
    let i = 0;
    while (i < n) {
      const at = base + i;
      switch (this.state) {
        case S.Text: {
          const j = buf.indexOf(LT, i);
          if (j < 0) { i = n; break; }
          this.checkSpans(base + j);
          this.state = S.Lt;
          this.tagStart = base + j;
          i = j + 1;
          break;
        }
        case S.Lt: {
          const b = buf[i++];
          if (b === BANG) { this.state = S.Bang; this.bang = ''; }
          else if (b === QMARK) { this.state = S.Pi; this.prev1 = this.prev2 = 0; }
          else {
            this.isEnd = b === SLASH;
            this.name = this.isEnd ? '' : String.fromCharCode(b);
            this.last = b;
            this.state = S.Name;
            if (b === GT) this.markup('an empty tag');
          }
          break;
        }
        case S.Bang: {
          this.bang += String.fromCharCode(buf[i++]);
          if (this.bang === '--') { this.state = S.Comment; this.prev1 = this.prev2 = 0; }
          else if (this.bang === '[CDATA[') { this.state = S.Cdata; this.prev1 = this.prev2 = 0; this.textStart = at + 1; }
          else if (!'--'.startsWith(this.bang) && !'[CDATA['.startsWith(this.bang)) this.markup('a declaration such as <!DOCTYPE>, which a workbook never has');
          break;
        }
        case S.Comment: case S.Pi: case S.Cdata: {
          // ends: --> (comment), ?> (instruction), ]]> (CDATA); prev1/prev2 are the bytes before this one
          const b = buf[i++];
          const ends = b === GT && (this.state === S.Pi ? this.prev1 === QMARK
            : this.prev1 === this.prev2 && this.prev1 === (this.state === S.Comment ? DASH : RSQB));
          this.prev2 = this.prev1;
          this.prev1 = b;
          if (ends) { this.checkSpans(at); this.state = S.Text; this.textStart = at + 1; }
          break;
        }
        case S.Name: case S.Attrs: {
          const b = buf[i++];
          if (b === GT) { this.endTag(at); break; }
          if (this.state === S.Name) {
            if (isSpace(b) || b === SLASH) this.state = S.Attrs;
            else if (this.name.length < 64) this.name += String.fromCharCode(b);
          } else if (b === DQ || b === SQ) { this.quote = b; this.state = S.Quote; }
          if (!isSpace(b)) this.last = b;
          break;
        }
        case S.Quote: {
          const j = buf.indexOf(this.quote, i);
          if (j < 0) { i = n; break; }
          this.state = S.Attrs;
          this.last = this.quote;
          i = j + 1;
          break;
        }
      }
    }
    this.pos = base + n;
    this.checkSpans(this.pos);
  }
}
