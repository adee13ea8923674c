//! Which gateway serves which channel. Each shop has its own merchant account, so the gateway
//! and its keys are set per channel code in the JSON file named by `SHOP_PAYMENT_GATEWAYS`
//! (README, "Payment gateway"); the keys stay in that file and in this process, never in the
//! database nor in any answer. The in-process sandbox serves a channel only when the file says
//! `"gateway": "sandbox"` for it, or, with `--demo`, every channel the file does not name. A
//! channel no gateway serves takes no card payment: the card method is left out of its
//! payment options and its card screens say so.
//!
//! Callers name the channel by id (carts, orders and cards carry it): the code is looked up
//! once per channel and kept, since a channel's code never changes.
use crate::infra::ids::ChannelId;
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, RwLock};

use anyhow::{Context, bail};
use serde::Deserialize;

use super::gateway::{Charge, ChargeRequest, Charged, Declined, Gateway, Refund, RefundRequest, SavedCard, TokenCard, UNAVAILABLE_MESSAGE};
use super::sandbox::Sandbox;
use super::stripe::{Stripe, StripeSettings};
use crate::channel::ChannelRecord;
use crate::infra::db::Db;

/// One channel's entry of the file.
#[derive(Deserialize)]
#[serde(tag = "gateway", rename_all = "lowercase", deny_unknown_fields)]
enum Entry {
    Sandbox {},
    Stripe(StripeSettings),
}

#[derive(Clone)]
pub struct Gateways(Arc<Inner>);

struct Inner {
    db: Db,
    /// By channel code.
    configured: HashMap<String, Gateway>,
    /// `--demo`: the sandbox for every channel the file does not name.
    fallback: Option<Gateway>,
    /// Channel id → code, filled as channels are asked for.
    codes: RwLock<HashMap<String, String>>,
}

impl std::fmt::Debug for Gateways {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut channels: Vec<(&str, &str)> = self.0.configured.iter().map(|(code, g)| (code.as_str(), g.code())).collect();
        channels.sort();
        f.debug_struct("Gateways").field("channels", &channels).field("demo_sandbox", &self.0.fallback.is_some()).finish()
    }
}

impl Gateways {
    /// The gateways of `SHOP_PAYMENT_GATEWAYS` (none when unset), with the sandbox as the
    /// fallback when `demo`.
    pub fn load(path: Option<&Path>, demo: bool, db: Db) -> anyhow::Result<Gateways> {
        let text = match path {
            Some(path) => {
                warn_if_readable_by_others(path);
                std::fs::read_to_string(path).with_context(|| format!("reading SHOP_PAYMENT_GATEWAYS ({})", path.display()))?
            }
            None => "{}".to_owned(),
        };
        Self::from_json(&text, demo, db).with_context(|| format!("in SHOP_PAYMENT_GATEWAYS ({})", path.map_or("unset".into(), |p| p.display().to_string())))
    }

    pub fn from_json(text: &str, demo: bool, db: Db) -> anyhow::Result<Gateways> {
        let entries: HashMap<String, serde_json::Value> = serde_json::from_str(text)
            .map_err(|error| anyhow::anyhow!("not a JSON object of channel codes (line {} column {})", error.line(), error.column()))?;
        let sandbox = Gateway::Sandbox(Sandbox::new(db.clone()));
        let mut configured = HashMap::new();
        for (code, value) in entries {
            // serde's messages can quote a mistyped value, which may be a secret: keep only the place.
            let entry: Entry = serde_json::from_value(value).map_err(|error| {
                let message = error.to_string();
                let safe = if message.contains("unknown variant") || message.contains("unknown field") || message.contains("missing field") {
                    message
                } else {
                    "a value of the wrong type".to_owned()
                };
                anyhow::anyhow!("channel `{code}`: {safe}")
            })?;
            let gateway = match entry {
                Entry::Sandbox {} => sandbox.clone(),
                Entry::Stripe(settings) => Gateway::Stripe(Stripe::new(settings).with_context(|| format!("channel `{code}`"))?),
            };
            if code.trim().is_empty() {
                bail!("an entry without a channel code");
            }
            configured.insert(code, gateway);
        }
        Ok(Gateways(Arc::new(Inner { db, configured, fallback: demo.then_some(sandbox), codes: RwLock::default() })))
    }

    /// The gateway serving `channel`, if any.
    pub fn for_channel(&self, channel: &ChannelRecord) -> Option<&Gateway> {
        self.remember(&channel.id, &channel.code);
        self.for_code(&channel.code)
    }

    fn for_code(&self, code: &str) -> Option<&Gateway> {
        self.0.configured.get(code).or(self.0.fallback.as_ref())
    }

    fn remember(&self, id: &str, code: &str) {
        let known = self.0.codes.read().expect("codes lock").contains_key(id);
        if !known {
            self.0.codes.write().expect("codes lock").insert(id.to_owned(), code.to_owned());
        }
    }

    /// The gateway serving the channel `channel_id`, if any (None too for an unknown channel).
    pub async fn for_channel_id(&self, channel_id: &ChannelId) -> anyhow::Result<Option<&Gateway>> {
        let known = self.0.codes.read().expect("codes lock").get(channel_id.as_str()).cloned();
        let code = match known {
            Some(code) => code,
            None => match crate::channel::store::find_channel_by_id(&self.0.db, channel_id).await? {
                Some(channel) => {
                    self.remember(&channel.id, &channel.code);
                    channel.code.clone()
                }
                None => return Ok(None),
            },
        };
        Ok(self.for_code(&code))
    }

    /// Whether the channel takes cards at all.
    pub async fn serves(&self, channel_id: &ChannelId) -> anyhow::Result<bool> {
        Ok(self.for_channel_id(channel_id).await?.is_some())
    }

    /// The demo shops' sandbox (seeding its saved card, tests), when it runs.
    pub fn demo_sandbox(&self) -> Option<&Sandbox> {
        match &self.0.fallback {
            Some(Gateway::Sandbox(sandbox)) => Some(sandbox),
            _ => None,
        }
    }

    async fn serving(&self, channel_id: &ChannelId) -> anyhow::Result<&Gateway> {
        self.for_channel_id(channel_id).await?.ok_or_else(|| anyhow::anyhow!("no card payment gateway serves channel {channel_id}"))
    }

    // The interface of `Gateway`, for the channel named by id. A channel no gateway serves
    // refuses charges and new cards with a message, and answers errors to the calls that
    // settle money (refund, find_charge, forget_card): those must not pass silently.

    pub async fn charge(&self, request: ChargeRequest<'_>) -> anyhow::Result<Result<Charged, Declined>> {
        match self.for_channel_id(request.channel_id).await? {
            Some(gateway) => gateway.charge(request).await,
            None => Ok(Err(Declined { message: UNAVAILABLE_MESSAGE.into() })),
        }
    }

    pub async fn find_charge(&self, channel_id: &ChannelId, idempotency_key: &str) -> anyhow::Result<Option<Charge>> {
        self.serving(channel_id).await?.find_charge(channel_id, idempotency_key).await
    }

    pub async fn abandon_authentication(&self, channel_id: &ChannelId, idempotency_key: &str) -> anyhow::Result<()> {
        self.serving(channel_id).await?.abandon_authentication(channel_id, idempotency_key).await
    }

    pub async fn refund(&self, channel_id: &ChannelId, charge_id: &str) -> anyhow::Result<()> {
        self.serving(channel_id).await?.refund(channel_id, charge_id).await
    }

    pub async fn refund_part(&self, request: RefundRequest<'_>) -> anyhow::Result<Result<Refund, Declined>> {
        self.serving(request.channel_id).await?.refund_part(request).await
    }

    pub async fn find_token_card(&self, channel_id: &ChannelId, token: &str) -> anyhow::Result<Option<TokenCard>> {
        match self.for_channel_id(channel_id).await? {
            Some(gateway) => gateway.find_token_card(channel_id, token).await,
            None => Ok(None),
        }
    }

    pub async fn save_card(&self, channel_id: &ChannelId, token: &str) -> anyhow::Result<Result<SavedCard, Declined>> {
        match self.for_channel_id(channel_id).await? {
            Some(gateway) => gateway.save_card(channel_id, token).await,
            None => Ok(Err(Declined { message: UNAVAILABLE_MESSAGE.into() })),
        }
    }

    pub async fn forget_card(&self, channel_id: &ChannelId, card_ref: &str) -> anyhow::Result<()> {
        self.serving(channel_id).await?.forget_card(channel_id, card_ref).await
    }
}

/// The file holds secret keys: say so when others than its owner can read it.
fn warn_if_readable_by_others(path: &Path) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if let Ok(meta) = std::fs::metadata(path)
            && meta.permissions().mode() & 0o077 != 0
        {
            tracing::warn!(path = %path.display(), "SHOP_PAYMENT_GATEWAYS holds secret keys but is readable by others: chmod 600 it");
        }
    }
}
