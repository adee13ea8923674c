//! A new shop's legal pages (`shop channel create`): 特定商取引法に基づく表記, the privacy policy
//! and the terms, written from a template as drafts. What only the owner knows (the seller, the
//! address, the fees …) reads `【要入力：…】`, which the page desk refuses to publish
//! (content::page_rules), so a customer never sees a half-filled legal page; the footer's links
//! answer once the owner has filled each page in and published it.
use serde_json::{Value, json};

use super::content::StaticPage;
use crate::content::page_rules::placeholder;
use crate::content::store::{self, NewStaticPage};
use crate::infra::db::Tx;
use crate::infra::ids::ChannelId;

/// Each draft, in the footer's order.
pub fn legal_pages(shop_name: &str) -> Vec<StaticPage> {
    let seller = placeholder("販売業者名（法人名、または個人事業主の氏名）");
    vec![
        StaticPage { url: "/law", title: "特定商取引法に基づく表記", sections: vec![
            ("販売業者", seller.clone()),
            ("運営統括責任者", placeholder("運営統括責任者の氏名")),
            ("所在地", placeholder("所在地（郵便番号から）")),
            ("電話番号", format!("{}\n受付時間：{}", placeholder("電話番号"), placeholder("受付時間（例：平日10:00〜17:00）"))),
            ("メールアドレス", placeholder("お問い合わせ用メールアドレス")),
            ("販売価格", "各商品ページに税込価格で表示しております。".to_owned()),
            ("商品代金以外の必要料金", placeholder("送料・手数料（例：送料は全国一律880円、5,000円以上のご注文で無料。代金引換手数料330円）")),
            ("支払方法", placeholder("お支払方法（例：クレジットカード、銀行振込、代金引換）")),
            ("支払時期", placeholder("お支払時期（例：クレジットカードはご注文時、銀行振込はご注文日から7日以内）")),
            ("引渡時期", placeholder("お届けの時期（例：ご注文確認後3営業日以内に発送）")),
            ("返品・交換", placeholder("返品・交換の条件（例：商品到着後8日以内の未使用品に限る。お客様都合の返品送料はお客様負担）")),
        ] },
        StaticPage { url: "/privacy", title: "プライバシーポリシー", sections: vec![
            ("基本方針", format!("{seller}（以下「当社」）は、{shop_name}をご利用のお客様の個人情報を適切に取り扱い、保護することを社会的責務と考えます。")),
            ("取得する情報", "氏名、住所、電話番号、メールアドレス、購入履歴、ご利用端末の情報など、サービスの提供に必要な情報を取得します。".to_owned()),
            ("利用目的", "商品の発送、ご注文に関するご連絡、お問い合わせへの回答、サービスの改善、お客様の同意を得たうえでのお知らせの送付のために利用します。".to_owned()),
            ("第三者提供", "法令に基づく場合を除き、ご本人の同意なく個人情報を第三者に提供することはありません。ただし、商品の配送や決済のために必要な範囲で、業務委託先に提供することがあります。".to_owned()),
            ("安全管理", "個人情報への不正アクセス、紛失、漏えいを防ぐため、通信の暗号化やアクセス制限などの安全管理措置を講じます。".to_owned()),
            ("開示・訂正・削除", format!("ご本人からの個人情報の開示、訂正、利用停止、削除のご請求には、本人確認のうえ遅滞なく対応いたします。窓口：{}", placeholder("個人情報のお問い合わせ窓口（メールアドレスなど）"))),
        ] },
        StaticPage { url: "/terms", title: "利用規約", sections: vec![
            ("第1条（適用）", format!("本規約は、{seller}が運営する{shop_name}（以下「本サービス」）の利用に関する条件を定めるものです。")),
            ("第2条（会員登録）", "会員登録を希望する方は、本規約に同意のうえ、当社の定める方法により登録を申請するものとします。".to_owned()),
            ("第3条（売買契約）", "売買契約は、当社がご注文の承諾を電子メールで通知した時点で成立するものとします。".to_owned()),
            ("第4条（禁止事項）", "法令または公序良俗に違反する行為、転売を目的とした購入、本サービスの運営を妨げる行為を禁止します。".to_owned()),
            ("第5条（免責）", "当社は、天災その他当社の責によらない事由による商品の遅配について責任を負いません。".to_owned()),
            ("第6条（準拠法・管轄）", format!("本規約は日本法に準拠し、本サービスに関する紛争は{}を第一審の専属的合意管轄裁判所とします。", placeholder("管轄裁判所（例：東京地方裁判所）"))),
        ] },
    ]
}

/// Writes the drafts into a new shop.
pub async fn insert(tx: &mut Tx, channel_id: &ChannelId, shop_name: &str, now: i64) -> sqlx::Result<()> {
    for (position, draft) in legal_pages(shop_name).into_iter().enumerate() {
        let sections: Vec<Value> = draft.sections.iter().map(|(heading, body)| json!({ "heading": heading, "body": body })).collect();
        let sections = Value::Array(sections).to_string();
        let page = NewStaticPage { url: draft.url, title: draft.title, sections: &sections, position: position as i64, is_published: false };
        store::insert_static_page(tx, channel_id, &page, now).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::page_rules::holds_placeholder;

    #[test]
    fn every_draft_names_the_shop_and_waits_for_the_owners_details() {
        let pages = legal_pages("テスト商店");
        assert_eq!(pages.iter().map(|page| page.url).collect::<Vec<_>>(), ["/law", "/privacy", "/terms"]);
        for page in &pages {
            assert!(page.sections.iter().any(|(_, body)| holds_placeholder(body)), "{} has nothing for the owner to fill in", page.url);
        }
        assert!(pages[1].sections[0].1.contains("テスト商店をご利用のお客様"));
    }
}
