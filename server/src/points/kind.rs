//! What moved a member's points, as stored (`point_histories.kind`) and as shown.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PointKind {
    /// Earned by an order.
    Earn,
    /// Spent on an order.
    Use,
    /// Earned points taken back when their order was cancelled.
    CancelEarn,
    /// Spent points given back when their order was cancelled.
    CancelUse,
    /// Given by the shop (registration bonus, campaigns).
    Grant,
}

impl PointKind {
    pub const ALL: [PointKind; 5] = [PointKind::Earn, PointKind::Use, PointKind::CancelEarn, PointKind::CancelUse, PointKind::Grant];

    pub fn code(self) -> &'static str {
        match self {
            PointKind::Earn => "earn",
            PointKind::Use => "use",
            PointKind::CancelEarn => "cancel_earn",
            PointKind::CancelUse => "cancel_use",
            PointKind::Grant => "grant",
        }
    }

    pub fn parse(code: &str) -> Option<PointKind> {
        PointKind::ALL.into_iter().find(|kind| kind.code() == code)
    }

    /// The label of a change of `points`: the shop's hand adjustment (stored as 付与) reads
    /// 減算 when it took points away.
    pub fn label_of(self, points: i64) -> &'static str {
        if self == PointKind::Grant && points < 0 { "減算" } else { self.label() }
    }

    pub fn label(self) -> &'static str {
        match self {
            PointKind::Earn => "獲得",
            PointKind::Use => "利用",
            PointKind::CancelEarn => "取消（獲得分）",
            PointKind::CancelUse => "取消（利用分）",
            PointKind::Grant => "付与",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_reads_back_from_its_code_and_has_a_japanese_label() {
        for kind in PointKind::ALL {
            assert_eq!(PointKind::parse(kind.code()), Some(kind));
        }
        assert_eq!(PointKind::CancelEarn.label(), "取消（獲得分）");
        assert_eq!(PointKind::parse("bonus"), None);
    }
}
