//! What can be embroidered: the text's characters and length, and the closed sets of
//! typefaces, thread colours and positions.
use serde::{Deserialize, Serialize};

use crate::infra::error::{ApiError, FieldErrors};

/// The longest text a preset may hold; a product may allow fewer (`product_embroidery.max_chars`).
pub const TEXT_MAX: usize = 12;

macro_rules! closed_set {
    ($name:ident { $($variant:ident = $value:literal / $label:literal),* $(,)? }) => {
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
        #[serde(rename_all = "snake_case")]
        pub enum $name { $($variant),* }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),*];
            pub fn as_str(self) -> &'static str { match self { $($name::$variant => $value),* } }
            pub fn label(self) -> &'static str { match self { $($name::$variant => $label),* } }
            pub fn parse(text: &str) -> Option<$name> { Self::ALL.iter().copied().find(|v| v.as_str() == text) }
        }
    };
}

closed_set!(Typeface { Block = "block" / "ブロック体", Script = "script" / "筆記体", Mincho = "mincho" / "明朝体", Gothic = "gothic" / "ゴシック体" });
closed_set!(ThreadColor { White = "white" / "白", Black = "black" / "黒", Red = "red" / "赤", Navy = "navy" / "紺", Gold = "gold" / "金", Silver = "silver" / "銀" });
closed_set!(Position { LeftChest = "left_chest" / "左胸", RightChest = "right_chest" / "右胸", Back = "back" / "背中", Cuff = "cuff" / "袖口" });

/// A checked embroidery.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Embroidery {
    pub text: String,
    pub typeface: Typeface,
    pub color: ThreadColor,
    pub position: Position,
}

impl Embroidery {
    /// 「YAMADA（ブロック体・白・左胸）」.
    pub fn label(&self) -> String {
        format!("{}（{}・{}・{}）", self.text, self.typeface.label(), self.color.label(), self.position.label())
    }
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct EmbroideryInput {
    /// 1–12 characters: letters, digits, kana, kanji, spaces and `& . - '`.
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 12)]
    pub text: Option<String>,
    /// block, script, mincho or gothic.
    #[schema(required = true, value_type = String, pattern = "^\\s*(block|script|mincho|gothic)\\s*$")]
    pub typeface: Option<String>,
    /// white, black, red, navy, gold or silver.
    #[schema(required = true, value_type = String, pattern = "^\\s*(white|black|red|navy|gold|silver)\\s*$")]
    pub color: Option<String>,
    /// left_chest, right_chest, back or cuff.
    #[schema(required = true, value_type = String, pattern = "^\\s*(left_chest|right_chest|back|cuff)\\s*$")]
    pub position: Option<String>,
}

fn embroiderable(c: char) -> bool {
    c.is_alphanumeric() && !c.is_ascii_control() || matches!(c, ' ' | '　' | '&' | '.' | '-' | '\'' | 'ー' | '・')
}

/// The characters of `text` a machine cannot embroider, each once, in order.
pub fn unembroiderable(text: &str) -> String {
    let mut bad = String::new();
    for c in text.chars().filter(|c| !embroiderable(*c)) {
        if !bad.contains(c) {
            bad.push(c);
        }
    }
    bad
}

pub fn check(input: EmbroideryInput) -> Result<Embroidery, ApiError> {
    let mut errors = FieldErrors::new();
    let text = input.text.unwrap_or_default().trim().to_owned();
    if text.is_empty() {
        errors.insert("text".into(), vec!["刺繍する文字を入力してください。".into()]);
    } else if text.chars().count() > TEXT_MAX {
        errors.insert("text".into(), vec![format!("刺繍する文字は{TEXT_MAX}文字以内で入力してください。")]);
    } else {
        let bad = unembroiderable(&text);
        if !bad.is_empty() {
            errors.insert("text".into(), vec![format!("刺繍できない文字が含まれています: {bad}")]);
        }
    }
    let typeface = input.typeface.as_deref().and_then(Typeface::parse);
    let color = input.color.as_deref().and_then(ThreadColor::parse);
    let position = input.position.as_deref().and_then(Position::parse);
    if typeface.is_none() {
        errors.insert("typeface".into(), vec!["書体を選択してください。".into()]);
    }
    if color.is_none() {
        errors.insert("color".into(), vec!["糸の色を選択してください。".into()]);
    }
    if position.is_none() {
        errors.insert("position".into(), vec!["刺繍する位置を選択してください。".into()]);
    }
    match (typeface, color, position) {
        (Some(typeface), Some(color), Some(position)) if errors.is_empty() => Ok(Embroidery { text, typeface, color, position }),
        _ => Err(ApiError::Invalid(errors)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(text: &str) -> EmbroideryInput {
        EmbroideryInput { text: Some(text.into()), typeface: Some("block".into()), color: Some("white".into()), position: Some("left_chest".into()) }
    }

    fn fields(result: Result<Embroidery, ApiError>) -> Vec<(String, String)> {
        match result {
            Err(ApiError::Invalid(errors)) => errors.into_iter().map(|(k, v)| (k, v[0].clone())).collect(),
            other => panic!("expected field errors, got {other:?}"),
        }
    }

    #[test]
    fn names_in_latin_kana_and_kanji_with_their_label() {
        for text in ["YAMADA", "T.YAMADA", "やまだ", "ヤマダ タロウ", "山田太郎", "O'NEIL & CO", "髙橋"] {
            assert!(check(input(text)).is_ok(), "{text}");
        }
        assert_eq!(check(input(" YAMADA ")).unwrap().label(), "YAMADA（ブロック体・白・左胸）");
    }

    #[test]
    fn symbols_length_and_unknown_choices_are_refused() {
        assert_eq!(fields(check(input("YAMADA@♥@"))), [("text".into(), "刺繍できない文字が含まれています: @♥".into())]);
        assert_eq!(fields(check(input(&"A".repeat(13))))[0].1, "刺繍する文字は12文字以内で入力してください。");
        let wrong = EmbroideryInput { text: Some("A".into()), typeface: Some("comic".into()), color: None, position: Some("hat".into()) };
        assert_eq!(fields(check(wrong)).iter().map(|e| e.0.as_str()).collect::<Vec<_>>(), ["color", "position", "typeface"]);
    }
}
