//! Staff searches built from optional filters: each condition is SQL with `?` for each of its
//! values, numbered `$n` after the values before it, so one text runs on both databases. The
//! order desk's list and the member desk's use it.

/// A value bound to a search's `$n`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SqlValue {
    Text(String),
    Int(i64),
}

/// `head` (whose own parameters are `first`, as `$1…`), then ` AND (condition)` for each
/// condition with its `?`s numbered in order; returns the text and every value to bind.
pub fn numbered(head: &str, first: Vec<SqlValue>, conditions: &[(String, Vec<SqlValue>)]) -> (String, Vec<SqlValue>) {
    let mut sql = head.to_owned();
    let mut values = first;
    for (condition, own) in conditions {
        let mut own = own.iter();
        sql.push_str(" AND (");
        for piece in condition.split_inclusive('?') {
            match piece.strip_suffix('?') {
                Some(before) => {
                    sql.push_str(before);
                    values.extend(own.next().cloned());
                    sql.push_str(&format!("${}", values.len()));
                }
                None => sql.push_str(piece),
            }
        }
        sql.push(')');
    }
    (sql, values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_question_mark_takes_the_next_number_after_the_head() {
        let conditions = vec![
            ("a = ? OR b = ?".to_owned(), vec![SqlValue::Text("x".into()), SqlValue::Int(2)]),
            ("c >= ?".to_owned(), vec![SqlValue::Int(3)]),
            ("d IS NULL".to_owned(), vec![]),
        ];
        let (sql, values) = numbered("WHERE t.shop = $1", vec![SqlValue::Text("s".into())], &conditions);
        assert_eq!(sql, "WHERE t.shop = $1 AND (a = $2 OR b = $3) AND (c >= $4) AND (d IS NULL)");
        assert_eq!(values, [SqlValue::Text("s".into()), SqlValue::Text("x".into()), SqlValue::Int(2), SqlValue::Int(3)]);
    }
}
