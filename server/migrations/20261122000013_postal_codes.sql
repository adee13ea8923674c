-- Japan Post's postal codes and the 47 prefectures: national reference data shared by every
-- channel (no channel_id), loaded from server/data by `shop import postal-codes` or on the
-- first `shop serve` when the table is empty (see scripts/postal-codes.py for the source).

CREATE TABLE prefectures (
    -- JIS X 0401 code, 01 (北海道) to 47 (沖縄県).
    code TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    kana TEXT NOT NULL
);

CREATE TABLE postal_codes (
    -- Seven half-width digits, no hyphen.
    postal_code     TEXT PRIMARY KEY,
    prefecture_code TEXT NOT NULL REFERENCES prefectures (code),
    city            TEXT NOT NULL,
    -- Empty where Japan Post lists no town for the code.
    town            TEXT NOT NULL,
    city_kana       TEXT NOT NULL,
    town_kana       TEXT NOT NULL,
    -- Block/building of a business's own code; empty otherwise.
    street          TEXT NOT NULL
);
