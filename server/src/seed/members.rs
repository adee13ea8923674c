//! One documented demo member per shop (README, "Demo data"), already registered, so login,
//! the mypage and login sync can be tried at once. Passwords are hashed here, at seed time.
use crate::infra::ids::{ChannelId, UserId};
use std::collections::BTreeMap;
use std::sync::Mutex;

use super::{CORPORATE, DEMO};
use crate::auth::password;
use crate::channel::corporate::{DeliveryOption, PaymentOption};
use crate::infra::db::Tx;
use crate::members::address::Address;
use crate::members::business::Business;
use crate::members::profile::Profile;
use crate::members::security_answer;
use crate::members::store::{NewUser, insert_user};

pub struct DemoMember {
    pub username: &'static str,
    pub password: &'static str,
    /// Security question 1 (the first pet's name) and its answer.
    pub answer: Option<&'static str>,
    pub profile: Profile,
    /// Corporate: the shop approved the company for 請求書払い.
    pub invoice_approved: bool,
}

fn profile(email: &str, names: [&str; 4], address: [&str; 5], phone: &str) -> Profile {
    let [last_name, first_name, last_name_kana, first_name_kana] = names.map(str::to_owned);
    let [postal_code, prefecture, city, address1, address2] = address.map(str::to_owned);
    Profile {
        email: email.to_owned(),
        is_receive_newsletter: 1,
        last_name,
        first_name,
        last_name_kana,
        first_name_kana,
        gender_ct: None,
        birthday: None,
        address: Address { postal_code, prefecture, city, address1, address2 },
        phone_number: phone.to_owned(),
        cell_phone_number: String::new(),
        corporation: None,
        department: None,
        business_type: None,
        store_name: None,
        url: None,
        business: Default::default(),
    }
}

pub fn demo_member(shop: &str) -> Option<DemoMember> {
    match shop {
        DEMO => Some(DemoMember {
            username: "demo-member",
            password: "ride2026demo",
            answer: Some("ポチ"),
            invoice_approved: false,
            profile: Profile {
                gender_ct: Some(1),
                birthday: Some("1985-06-15".into()),
                ..profile(
                    "member@example.com",
                    ["山田", "太郎", "ヤマダ", "タロウ"],
                    ["1500001", "東京都", "渋谷区", "神宮前1-2-3", "ライドマンション101"],
                    "03-1234-5678",
                )
            },
        }),
        CORPORATE => Some(DemoMember {
            username: "buyer@example.co.jp",
            password: "tsunagu2026",
            answer: None,
            invoice_approved: true,
            profile: Profile {
                corporation: Some("株式会社つなぐ商事".into()),
                department: Some("購買部".into()),
                business_type: Some("二輪販売店".into()),
                store_name: Some("つなぐモータース 大阪本店".into()),
                url: Some("https://tsunagu-shoji.example.co.jp".into()),
                business: Business {
                    establishment: Some("2008-04".into()),
                    capital: Some(10_000_000),
                    annual_sale: Some(480_000_000),
                    employee_num: Some(35),
                    business_hours: Some("9:00〜18:00".into()),
                    business_holiday: Some("土日祝".into()),
                    delivery: Some(DeliveryOption::Store.code()),
                    delivery_company: Some("ヤマト運輸".into()),
                    payment: Some(PaymentOption::BankTransfer.code()),
                    order_no: Some("TS-PO-0001".into()),
                },
                ..profile("buyer@example.co.jp", ["鈴木", "一郎", "スズキ", "イチロウ"], ["5300001", "大阪府", "大阪市北区", "梅田2-4-9", ""], "0661234567")
            },
        }),
        _ => None,
    }
}

/// argon2id of `secret`, made once per process: every test seeds a fresh database, and
/// hashing the same demo secrets again each time only costs CPU.
fn hashed_once(secret: &str) -> anyhow::Result<String> {
    static HASHES: Mutex<BTreeMap<String, String>> = Mutex::new(BTreeMap::new());
    let mut hashes = HASHES.lock().map_err(|_| anyhow::anyhow!("a seed thread panicked"))?;
    if let Some(hash) = hashes.get(secret) {
        return Ok(hash.clone());
    }
    let hash = password::hash(secret)?;
    hashes.insert(secret.to_owned(), hash.clone());
    Ok(hash)
}

/// The shop's demo member, if it has one; returns the new member's id.
pub async fn insert(tx: &mut Tx, channel_id: &ChannelId, shop: &str, now: i64) -> anyhow::Result<Option<UserId>> {
    let Some(member) = demo_member(shop) else { return Ok(None) };
    let password_hash = hashed_once(member.password)?;
    let answer_hash = member.answer.map(|answer| hashed_once(&security_answer::normalise(answer))).transpose()?;
    let user = NewUser {
        channel_id,
        username: member.username,
        password_hash: &password_hash,
        is_registered_member: true,
        question_ct: member.answer.map(|_| 1),
        answer_hash: answer_hash.as_deref(),
        synced_from_user_id: None,
        profile: &member.profile,
    };
    let id = insert_user(tx, &user, now).await?.id;
    if member.invoice_approved {
        crate::members::store::update_invoice_approved(&mut **tx, channel_id, crate::members::store::MemberRef::Email(&member.profile.email), true, now)
            .await?;
    }
    Ok(Some(id))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::members::profile::Loose;
    use crate::validation::FieldCheck;

    /// The seeded profiles pass the rules a member's own edit would face.
    #[test]
    fn demo_members_follow_their_shops_rules() {
        for (shop, corporate) in [(DEMO, false), (CORPORATE, true)] {
            let member = demo_member(shop).unwrap();
            let p = member.profile.clone();
            let input = crate::members::profile::ProfileInput {
                email: Some(p.email),
                last_name: Some(p.last_name),
                first_name: Some(p.first_name),
                last_name_kana: Some(p.last_name_kana),
                first_name_kana: Some(p.first_name_kana),
                birthday: p.birthday,
                postal_code: Some(p.address.postal_code),
                prefecture: Some(p.address.prefecture),
                city: Some(p.address.city),
                address1: Some(p.address.address1),
                address2: Some(p.address.address2),
                phone_number: Some(p.phone_number),
                corporation: p.corporation,
                department: p.department,
                business_type: p.business_type,
                store_name: p.store_name,
                url: p.url,
                business: crate::members::business::BusinessInput {
                    establishment: p.business.establishment,
                    capital: p.business.capital.map(Loose::Int),
                    annual_sale: p.business.annual_sale.map(Loose::Int),
                    employee_num: p.business.employee_num.map(Loose::Int),
                    business_hours: p.business.business_hours,
                    business_holiday: p.business.business_holiday,
                    delivery: p.business.delivery.map(Loose::Int),
                    delivery_company: p.business.delivery_company,
                    payment: p.business.payment.map(Loose::Int),
                    order_no: p.business.order_no,
                },
                ..Default::default()
            };
            let mut check = FieldCheck::default();
            let checked = Profile::check(input, corporate, &mut check);
            assert!(check.is_ok(), "{shop}: {:?}", check.finish());
            let checked = checked.unwrap();
            assert_eq!(checked.corporation, member.profile.corporation);
            assert_eq!(checked.business, member.profile.business);
            assert!(crate::validation::password(member.password).is_ok());
        }
    }
}
