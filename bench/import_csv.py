#!/usr/bin/env python3
"""Writes the catalogue import bench's products CSV (issue 31): ROWS rows in Shift_JIS under the
products CSV's Japanese headers, one row per variation, products on two axes (サイズ × カラー,
2 × 2 = 4 rows each), in a three-level category tree, with makers, brands and tags by name.

    python3 bench/import_csv.py ROWS OUT.csv
"""
import csv
import io
import sys

HEADERS = ["商品コード", "商品名", "説明", "販売価格", "通常価格", "税率", "メーカー", "ブランド", "カテゴリ", "タグ", "公開",
           "公開開始", "公開終了", "SEOタイトル", "SEO説明", "画像", "SKU", "バリエーション名", "サイズ", "カラー",
           "バリエーション価格", "JANコード", "初期在庫"]
SIZES = ["M", "L"]
COLOURS = ["ネイビー", "グレー"]
KINDS = ["Tシャツ", "パーカー", "スウェット", "シャツ", "カーディガン", "ジャケット", "デニム", "チノパン"]
TOPS = ["メンズ", "レディース", "キッズ", "ユニセックス"]


def jan(n):
    """A GTIN-13 with its check digit (prefix 49: Japan)."""
    body = "49" + f"{n:010d}"
    total = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(body))
    return body + str((10 - total % 10) % 10)


def main():
    rows, out = int(sys.argv[1]), sys.argv[2]
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(HEADERS)
    products = rows // 4
    for p in range(products):
        code = f"BENCH-{p:06d}"
        kind = KINDS[p % len(KINDS)]
        category = f"{TOPS[p % 4]}>{kind}>{kind}{p % 25:02d}系"
        price = 1980 + (p % 50) * 100
        first = True
        for s, size in enumerate(SIZES):
            for c, colour in enumerate(COLOURS):
                n = p * 4 + s * 2 + c
                product_cells = [code, f"ベンチ{kind}{p:06d}", f"綿100%の{kind}です。\n洗濯機で洗えます。", price, price + 1000, 10,
                                 f"メーカー{p % 200:03d}", f"ブランド{p % 300:03d}", category, f"タグ{p % 40:02d}|定番", "公開",
                                 "", "", "", "", ""] if first else [code] + [""] * 15
                writer.writerow(product_cells + [f"{code}-{size}-{c}", "", size, colour, price, jan(n), 5])
                first = False
    with open(out, "wb") as f:
        f.write(buffer.getvalue().encode("shift_jis"))


if __name__ == "__main__":
    main()
