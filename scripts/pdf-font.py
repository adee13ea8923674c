#!/usr/bin/env python3
"""Make the Japanese font that receipts and quotations embed (server/src/documents/pdf.rs):

    server/assets/fonts/NotoSansCJKjp-Regular-shop.otf

It is the Japanese face of Noto Sans CJK (Debian's `fonts-noto-cjk`, SIL Open Font License 1.1,
server/assets/fonts/OFL.txt) cut down to the characters a Japanese shop prints, so the server
carries a few MB instead of the 19 MB collection. Each PDF then embeds only the glyphs it uses.

    apt-get install -y fonts-noto-cjk
    pip install fonttools
    python3 scripts/pdf-font.py [/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc]

Kept: every character of JIS X 0208 and JIS X 0213 (both planes, so 𠀋 and 𩸽), of Windows-31J
(NEC and IBM extensions: ㈱, ①, 髙, 﨑), 𠮷 (つちよし, in none of those sets but common in names),
ASCII, Latin-1, the full- and half-width forms, and the symbol blocks receipts use (〒, ※, ℡,
㍿, arrows, box drawing). Outlines stay CFF; layout tables (vertical metrics, GSUB/GPOS) go, as
the PDF writer places glyphs by their advance widths alone. The name table (copyright, licence)
is kept whole, as the licence asks.
"""
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

SOURCE = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
TARGET = Path(__file__).resolve().parent.parent / "server/assets/fonts/NotoSansCJKjp-Regular-shop.otf"
JAPANESE_FACE = "NotoSansCJKjp-Regular"

BLOCKS = [
    (0x0020, 0x007E),  # ASCII
    (0x00A0, 0x00FF),  # Latin-1 (¥, ×, ÷, ©)
    (0x2010, 0x205E),  # general punctuation (‐ — ‥ … ‰ ※)
    (0x2100, 0x218F),  # letterlike symbols and number forms (℃ № ℡ ™ Ⅰ ⅰ)
    (0x2190, 0x21FF),  # arrows
    (0x2200, 0x22FF),  # mathematical operators
    (0x2300, 0x23FF),  # technical (⌘ ⏎)
    (0x2460, 0x24FF),  # enclosed alphanumerics (① ⑳ Ⓐ)
    (0x2500, 0x257F),  # box drawing
    (0x25A0, 0x25FF),  # geometric shapes (■ □ ◆ ○ ●)
    (0x2600, 0x26FF),  # miscellaneous symbols (☆ ★ ☎ ♪)
    (0x2700, 0x27BF),  # dingbats (✓ ✕)
    (0x3000, 0x303F),  # CJK symbols and punctuation (、。〒〓「」)
    (0x3040, 0x309F),  # hiragana
    (0x30A0, 0x30FF),  # katakana
    (0x31F0, 0x31FF),  # small katakana for Ainu
    (0x3200, 0x32FF),  # enclosed CJK (㈱ ㈲ ㊤)
    (0x3300, 0x33FF),  # CJK compatibility (㌔ ㍻ ㍿)
    (0xFE30, 0xFE4F),  # CJK compatibility forms
    (0xFF00, 0xFFEF),  # half- and full-width forms
]
EXTRA = "𠮷𡈽"  # つちよし and its sibling: outside JIS and Windows-31J, frequent in names


def characters():
    """The code points to keep: the blocks, then whatever the Japanese encodings decode to."""
    wanted = set()
    for first, last in BLOCKS:
        wanted.update(range(first, last + 1))
    wanted.update(ord(c) for c in EXTRA)
    # Every two-byte sequence of each encoding (EUC plane 2 of JIS X 0213 has a 0x8F lead).
    for encoding, leads, prefix in [("cp932", range(0x81, 0xFD), b""), ("euc_jis_2004", range(0xA1, 0xFF), b""), ("euc_jis_2004", range(0xA1, 0xFF), b"\x8f")]:
        for lead in leads:
            for trail in range(0x40, 0x100):
                try:
                    text = (prefix + bytes([lead, trail])).decode(encoding)
                except UnicodeDecodeError:
                    continue
                wanted.update(ord(c) for c in text)
    return wanted


def main():
    source = sys.argv[1] if len(sys.argv) > 1 else SOURCE
    collection = TTCollection(source)
    face = next(f for f in collection.fonts if f["name"].getDebugName(6) == JAPANESE_FACE)
    cmap = face.getBestCmap()
    wanted = characters()
    kept = sorted(c for c in wanted if c in cmap)

    options = subset.Options()
    options.layout_features = []
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "BASE", "VORG", "vhea", "vmtx"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.name_legacy = True
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=kept)
    subsetter.subset(face)
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    face.recalcTimestamp = False  # the source's date: the same input gives the same bytes
    face.save(TARGET)
    print(f"{TARGET}: {len(kept)} characters, {face['maxp'].numGlyphs} glyphs, {TARGET.stat().st_size:,} bytes")
    for c in "𠮷髙㈱〓〒※":
        assert ord(c) in face.getBestCmap(), c


if __name__ == "__main__":
    main()
