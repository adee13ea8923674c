//! Turns a channel's flat category rows into the nested tree the storefront's menus and
//! breadcrumbs read.
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct CategoryNode {
    pub id: String,
    pub key: String,
    pub name: String,
    /// The category's picture (set on the taxonomy desk), or null.
    pub image_url: Option<String>,
    /// Its variants for `<img srcset>`.
    pub image_srcset: Option<String>,
    #[schema(no_recursion)]
    pub children: Vec<CategoryNode>,
}

/// One stored category: id, key, name, parent id and picture.
pub struct FlatCategory {
    pub id: String,
    pub key: String,
    pub name: String,
    pub parent_id: Option<String>,
    pub image_url: Option<String>,
}

/// Nests `rows` under their parents, keeping the given order among siblings. A row whose
/// parent is missing is left out rather than shown at the wrong level.
pub fn build(rows: Vec<FlatCategory>) -> Vec<CategoryNode> {
    fn children_of(parent: Option<&str>, rows: &[FlatCategory], depth: usize) -> Vec<CategoryNode> {
        // The schema allows three levels; the bound also stops a cycle in bad data.
        if depth > 8 {
            return Vec::new();
        }
        rows.iter()
            .filter(|row| row.parent_id.as_deref() == parent)
            .map(|row| CategoryNode {
                id: row.id.clone(),
                key: row.key.clone(),
                name: row.name.clone(),
                image_srcset: row.image_url.as_deref().and_then(super::photos::srcset_of),
                image_url: row.image_url.clone(),
                children: children_of(Some(&row.id), rows, depth + 1),
            })
            .collect()
    }
    children_of(None, &rows, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str, parent: Option<&str>) -> FlatCategory {
        FlatCategory { id: id.into(), key: format!("k-{id}"), name: format!("名前{id}"), parent_id: parent.map(Into::into), image_url: None }
    }

    #[test]
    fn rows_nest_under_their_parents_in_order() {
        let tree = build(vec![row("1", None), row("2", None), row("11", Some("1")), row("12", Some("1")), row("111", Some("11"))]);
        assert_eq!(tree.len(), 2);
        assert_eq!(tree[0].key, "k-1");
        assert_eq!(tree[0].children.iter().map(|c| c.id.as_str()).collect::<Vec<_>>(), vec!["11", "12"]);
        assert_eq!(tree[0].children[0].children[0].name, "名前111");
        assert!(tree[1].children.is_empty());
    }

    #[test]
    fn orphans_and_cycles_do_not_appear() {
        let tree = build(vec![row("1", None), row("2", Some("missing")), row("a", Some("b")), row("b", Some("a"))]);
        assert_eq!(tree.len(), 1);
        assert!(tree[0].children.is_empty());
    }
}
