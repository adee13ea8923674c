//! Dynamic SQL for the catalogue's queries: placeholders are numbered as values are added,
//! because sqlx Any passes the text through unchanged and PostgreSQL needs `$n` (SQLite
//! accepts it too). Only fixed SQL fragments are concatenated; every value is bound.
use sqlx::any::AnyArguments;
use sqlx::{Any, Arguments};

use crate::infra::db::{Db, Tx};

#[derive(Clone)]
pub(super) enum Arg {
    Text(String),
    Int(i64),
    NullText,
    NullInt,
}

#[derive(Default)]
pub(super) struct Sql {
    pub(super) text: String,
    pub(super) args: Vec<Arg>,
}

impl Sql {
    pub(super) fn push(&mut self, fragment: &str) -> &mut Self {
        self.text.push_str(fragment);
        self
    }

    pub(super) fn text(&mut self, value: &str) -> &mut Self {
        self.args.push(Arg::Text(value.to_owned()));
        self.text.push_str(&format!("${}", self.args.len()));
        self
    }

    pub(super) fn int(&mut self, value: i64) -> &mut Self {
        self.args.push(Arg::Int(value));
        self.text.push_str(&format!("${}", self.args.len()));
        self
    }

    pub(super) fn value(&mut self, value: &Arg) -> &mut Self {
        self.args.push(value.clone());
        self.text.push_str(&format!("${}", self.args.len()));
        self
    }

    /// `$a, $b, …` for an `IN (…)` list.
    pub(super) fn texts(&mut self, values: &[String]) -> &mut Self {
        for (index, value) in values.iter().enumerate() {
            if index > 0 {
                self.push(", ");
            }
            self.text(value);
        }
        self
    }

    pub(super) fn arguments(&self) -> sqlx::Result<AnyArguments> {
        let mut arguments = AnyArguments::default();
        for arg in &self.args {
            match arg {
                Arg::Text(value) => arguments.add(value.clone()),
                Arg::Int(value) => arguments.add(*value),
                Arg::NullText => arguments.add(Option::<String>::None),
                Arg::NullInt => arguments.add(Option::<i64>::None),
            }
            .map_err(sqlx::Error::Encode)?;
        }
        Ok(arguments)
    }

    pub(super) async fn fetch_all<O>(&self, db: &Db) -> sqlx::Result<Vec<O>>
    where
        O: for<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> + Send + Unpin,
    {
        sqlx::query_as_with::<Any, O, _>(sqlx::AssertSqlSafe(self.text.clone()), self.arguments()?).fetch_all(&db.pool).await
    }

    /// As [`Sql::fetch_all`], on any executor (a transaction's connection).
    pub(super) async fn fetch_all_on<'e, O, E>(&self, executor: E) -> sqlx::Result<Vec<O>>
    where
        O: for<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> + Send + Unpin,
        E: sqlx::Executor<'e, Database = Any>,
    {
        sqlx::query_as_with::<Any, O, _>(sqlx::AssertSqlSafe(self.text.clone()), self.arguments()?).fetch_all(executor).await
    }

    pub(super) async fn fetch_count(&self, db: &Db) -> sqlx::Result<i64> {
        sqlx::query_scalar_with::<Any, i64, _>(sqlx::AssertSqlSafe(self.text.clone()), self.arguments()?).fetch_one(&db.pool).await
    }
}

/// Rows per INSERT statement: each batch is one round trip, and 200 rows stay far below
/// both databases' limits on bound values.
pub(super) const ROWS_PER_INSERT: usize = 200;

/// `INSERT INTO <table> (<columns>) VALUES (…), (…)`, in batches.
pub(super) async fn insert_rows(tx: &mut Tx, into: &str, rows: Vec<Vec<Arg>>) -> sqlx::Result<()> {
    for batch in rows.chunks(ROWS_PER_INSERT) {
        let mut sql = Sql::default();
        sql.push("INSERT INTO ").push(into).push(" VALUES ");
        for (index, row) in batch.iter().enumerate() {
            sql.push(if index == 0 { "(" } else { ", (" });
            for (column, value) in row.iter().enumerate() {
                if column > 0 {
                    sql.push(", ");
                }
                sql.value(value);
            }
            sql.push(")");
        }
        sqlx::query_with(sqlx::AssertSqlSafe(sql.text.clone()), sql.arguments()?).execute(&mut **tx).await?;
    }
    Ok(())
}

pub(super) fn text(value: &str) -> Arg {
    Arg::Text(value.to_owned())
}

pub(super) fn maybe_text(value: Option<&String>) -> Arg {
    value.map_or(Arg::NullText, |v| text(v))
}

pub(super) fn maybe_int(value: Option<i64>) -> Arg {
    value.map_or(Arg::NullInt, Arg::Int)
}
