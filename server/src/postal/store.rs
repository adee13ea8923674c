//! Every SQL statement of postal codes.
use sqlx::Arguments;
use sqlx::any::AnyArguments;

use crate::infra::db::{Db, Tx};

#[derive(Debug, sqlx::FromRow)]
pub struct AddressRow {
    pub postal_code: String,
    pub prefecture_code: String,
    pub prefecture: String,
    pub prefecture_kana: String,
    pub city: String,
    pub town: String,
    pub city_kana: String,
    pub town_kana: String,
    pub street: String,
}

pub async fn find_address(db: &Db, postal_code: &str) -> sqlx::Result<Option<AddressRow>> {
    sqlx::query_as::<_, AddressRow>(
        "SELECT c.postal_code, c.prefecture_code, p.name AS prefecture, p.kana AS prefecture_kana, \
                c.city, c.town, c.city_kana, c.town_kana, c.street \
         FROM postal_codes c JOIN prefectures p ON p.code = c.prefecture_code WHERE c.postal_code = $1",
    )
    .bind(postal_code)
    .fetch_optional(&db.pool)
    .await
}

#[derive(Debug, sqlx::FromRow)]
pub struct PrefectureRow {
    pub code: String,
    pub name: String,
    pub kana: String,
}

/// The prefectures in JIS order (01 北海道 … 47 沖縄県).
pub async fn list_prefectures(db: &Db) -> sqlx::Result<Vec<PrefectureRow>> {
    sqlx::query_as::<_, PrefectureRow>("SELECT code, name, kana FROM prefectures ORDER BY code").fetch_all(&db.pool).await
}

/// Whether any postal code is loaded (a database that was never loaded cannot tell a real
/// code from a made-up one).
pub async fn has_postal_codes(db: &Db) -> sqlx::Result<bool> {
    let one: Option<String> = sqlx::query_scalar("SELECT postal_code FROM postal_codes LIMIT 1").fetch_optional(&db.pool).await?;
    Ok(one.is_some())
}

pub async fn count_postal_codes(db: &Db) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM postal_codes").fetch_one(&db.pool).await
}

/// Whether any postal code is stored, seen from inside a loading transaction.
pub async fn any_postal_code(tx: &mut Tx) -> sqlx::Result<bool> {
    let found: Option<String> = sqlx::query_scalar("SELECT postal_code FROM postal_codes LIMIT 1").fetch_optional(&mut **tx).await?;
    Ok(found.is_some())
}

/// Empties both tables (postal codes first: they reference the prefectures).
pub async fn delete_all(tx: &mut Tx) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM postal_codes").execute(&mut **tx).await?;
    sqlx::query("DELETE FROM prefectures").execute(&mut **tx).await?;
    Ok(())
}

/// Rows per INSERT: 500 rows of 7 values stay far below both databases' bound-value limits
/// while cutting 140,000 single inserts to under 300 statements.
pub const ROWS_PER_INSERT: usize = 500;

/// `INSERT INTO <into> VALUES (…), (…)` of text rows, every value bound. Placeholders are
/// numbered here because sqlx Any passes SQL through unchanged and PostgreSQL needs `$n`.
pub async fn insert_text_rows(tx: &mut Tx, into: &'static str, rows: &[Vec<&str>]) -> sqlx::Result<()> {
    for batch in rows.chunks(ROWS_PER_INSERT) {
        let mut sql = format!("INSERT INTO {into} VALUES ");
        let mut arguments = AnyArguments::default();
        let mut n = 0;
        for (index, row) in batch.iter().enumerate() {
            sql.push_str(if index == 0 { "(" } else { ", (" });
            for (column, value) in row.iter().enumerate() {
                n += 1;
                sql.push_str(&if column == 0 { format!("${n}") } else { format!(", ${n}") });
                arguments.add(value.to_string()).map_err(sqlx::Error::Encode)?;
            }
            sql.push(')');
        }
        sqlx::query_with(sqlx::AssertSqlSafe(sql), arguments).execute(&mut **tx).await?;
    }
    Ok(())
}

pub const PREFECTURES: &str = "prefectures (code, name, kana)";
pub const POSTAL_CODES: &str = "postal_codes (postal_code, prefecture_code, city, town, city_kana, town_kana, street)";
