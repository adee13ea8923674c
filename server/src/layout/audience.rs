//! Who sees a block and on which screens: the visibility of layout blocks, also used by the
//! free areas of the content feature.
use serde::{Deserialize, Serialize};

/// Who sees a block.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Audience {
    All,
    Member,
    Guest,
}

/// On which screens a block shows: sp = phone, pc = tablet and desktop.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Device {
    All,
    Sp,
    Pc,
}
