//! Moving a contact topic: the topics keep the positions 1, 2, 3 … in the form's order, and
//! the moved one takes the asked place (the last one when asked beyond the end).

/// The new position of every topic (`ids` in their current order) once `moved` is at
/// `position` (1-based).
pub fn reorder(ids: &[String], moved: &str, position: i64) -> Vec<(String, i64)> {
    let mut order: Vec<&String> = ids.iter().filter(|id| id.as_str() != moved).collect();
    let Some(moved) = ids.iter().find(|id| id.as_str() == moved) else {
        return Vec::new();
    };
    let at = usize::try_from(position.max(1) - 1).unwrap_or(0).min(order.len());
    order.insert(at, moved);
    order.into_iter().zip(1..).map(|(id, position)| (id.clone(), position)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids() -> Vec<String> {
        ["a", "b", "c", "d"].map(String::from).to_vec()
    }

    fn order(moves: Vec<(String, i64)>) -> Vec<String> {
        moves.into_iter().map(|(id, _)| id).collect()
    }

    #[test]
    fn the_moved_topic_takes_its_place_and_the_others_close_up() {
        assert_eq!(order(reorder(&ids(), "d", 1)), ["d", "a", "b", "c"]);
        assert_eq!(order(reorder(&ids(), "a", 3)), ["b", "c", "a", "d"]);
        assert_eq!(reorder(&ids(), "b", 2).iter().map(|(_, p)| *p).collect::<Vec<_>>(), [1, 2, 3, 4]);
    }

    #[test]
    fn beyond_the_end_is_the_end_and_an_unknown_topic_moves_nothing() {
        assert_eq!(order(reorder(&ids(), "a", 99)), ["b", "c", "d", "a"]);
        assert_eq!(order(reorder(&ids(), "c", 0)), ["c", "a", "b", "d"]);
        assert!(reorder(&ids(), "x", 1).is_empty());
    }
}
