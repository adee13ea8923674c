//! Fetching a picture from a URL a shop's CSV names (issue 31), without letting that URL reach
//! into our own network: only http(s) on the default ports, only hosts whose every address is a
//! public one (checked where the name is resolved, so a name that resolves to 127.0.0.1 or to
//! the cloud's metadata address is refused, and again for each redirect), at most
//! [`REDIRECTS_MAX`] redirects, [`TIMEOUT`] in all and `max_bytes` of body. Hosts named in
//! `SHOP_PICTURE_FETCH_ALLOW_HOSTS` are exempt from the address and port rules (an asset
//! server on the shop's own network; the tests' local server).
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use reqwest::Url;
use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use reqwest::redirect::{Attempt, Policy};

/// The whole fetch, from connecting to the body's last byte.
const TIMEOUT: Duration = Duration::from_secs(15);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
const REDIRECTS_MAX: usize = 3;

/// Why a picture could not be fetched, in Japanese, naming the URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// Not an http(s) URL on a default port.
    NotAWebAddress,
    /// The host is (or resolves to) an address of a private network.
    PrivateHost,
    /// The server answered this status.
    Status(u16),
    TooLarge,
    /// No answer: the host is unknown, refused, or too slow.
    Unreachable,
}

impl Refusal {
    pub fn message(&self, url: &str, max_bytes: usize) -> String {
        match self {
            Refusal::NotAWebAddress => format!("画像のURLは http:// か https:// で始まるアドレスにしてください（{url}）。"),
            Refusal::PrivateHost => format!("このアドレスからは画像を取得できません（{url}）。公開されているサーバーの画像を指定してください。"),
            Refusal::Status(status) => format!("画像を取得できませんでした（{url}、HTTP {status}）。"),
            Refusal::TooLarge => format!("画像は{}MBまでです（{url}）。", max_bytes / (1024 * 1024)),
            Refusal::Unreachable => format!("画像を取得できませんでした（{url}）。アドレスを確かめるか、時間をおいてもう一度お試しください。"),
        }
    }
}

#[derive(Clone)]
pub struct PictureFetcher {
    client: reqwest::Client,
    allowed: Arc<Vec<String>>,
}

impl PictureFetcher {
    /// `allowed_hosts`: host names (or addresses) exempt from the public-address and port rules.
    pub fn new(allowed_hosts: &[String]) -> anyhow::Result<Self> {
        let allowed: Arc<Vec<String>> = Arc::new(allowed_hosts.iter().map(|h| h.trim().to_ascii_lowercase()).filter(|h| !h.is_empty()).collect());
        let for_redirects = allowed.clone();
        let client = reqwest::Client::builder()
            .timeout(TIMEOUT)
            .connect_timeout(CONNECT_TIMEOUT)
            .user_agent("shop-catalog-import/1")
            .dns_resolver(Arc::new(PublicOnly { allowed: allowed.clone() }))
            .redirect(Policy::custom(move |attempt: Attempt<'_>| {
                if attempt.previous().len() >= REDIRECTS_MAX {
                    attempt.error("too many redirects")
                } else if check_url(attempt.url(), &for_redirects).is_err() {
                    attempt.error("redirected to an address we do not fetch from")
                } else {
                    attempt.follow()
                }
            }))
            .build()?;
        Ok(PictureFetcher { client, allowed })
    }

    /// The body of `url`, at most `max_bytes` of it.
    pub async fn fetch(&self, url: &str, max_bytes: usize) -> Result<Vec<u8>, Refusal> {
        let parsed = Url::parse(url).map_err(|_| Refusal::NotAWebAddress)?;
        check_url(&parsed, &self.allowed)?;
        let mut response = self.client.get(parsed).send().await.map_err(|error| refusal_of(&error))?;
        if !response.status().is_success() {
            return Err(Refusal::Status(response.status().as_u16()));
        }
        if response.content_length().is_some_and(|length| length > max_bytes as u64) {
            return Err(Refusal::TooLarge);
        }
        let mut body = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(|error| refusal_of(&error))? {
            if body.len() + chunk.len() > max_bytes {
                return Err(Refusal::TooLarge);
            }
            body.extend_from_slice(&chunk);
        }
        Ok(body)
    }
}

fn refusal_of(error: &reqwest::Error) -> Refusal {
    // The resolver's and the redirect policy's refusals come back as errors of the request.
    let text = format!("{error:?}");
    if text.contains(PRIVATE_ADDRESS) || text.contains("redirected to an address") { Refusal::PrivateHost } else { Refusal::Unreachable }
}

/// http(s) on its default port, to a host that is not an address of a private network,
/// unless the host is allowed.
fn check_url(url: &Url, allowed: &[String]) -> Result<(), Refusal> {
    if !matches!(url.scheme(), "http" | "https") || !url.username().is_empty() || url.password().is_some() {
        return Err(Refusal::NotAWebAddress);
    }
    let host = url.host_str().ok_or(Refusal::NotAWebAddress)?.to_ascii_lowercase();
    if allowed.contains(&host) {
        return Ok(());
    }
    if url.port().is_some() {
        return Err(Refusal::NotAWebAddress);
    }
    // An address written in the URL is never resolved, so it is judged here.
    if let Ok(ip) = host.trim_start_matches('[').trim_end_matches(']').parse::<IpAddr>()
        && !is_public(ip)
    {
        return Err(Refusal::PrivateHost);
    }
    if host == "localhost" || host.ends_with(".localhost") {
        return Err(Refusal::PrivateHost);
    }
    Ok(())
}

const PRIVATE_ADDRESS: &str = "resolves to a private address";

/// Resolves names as the system does, keeping only public addresses.
struct PublicOnly {
    allowed: Arc<Vec<String>>,
}

impl Resolve for PublicOnly {
    fn resolve(&self, name: Name) -> Resolving {
        let host = name.as_str().to_ascii_lowercase();
        let any_address = self.allowed.contains(&host);
        Box::pin(async move {
            let found: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            // Every address must be public: a name with one private address among public ones
            // could be made to connect to it.
            if !any_address && (found.is_empty() || found.iter().any(|a| !is_public(a.ip()))) {
                return Err(PRIVATE_ADDRESS.into());
            }
            let addrs: Addrs = Box::new(found.into_iter());
            Ok(addrs)
        })
    }
}

/// Whether `ip` is an address of the public internet (std's `is_global` is unstable).
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => is_public_v4(v4),
            None => is_public_v6(v6),
        },
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, ..] = ip.octets();
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_broadcast()
        || ip.is_documentation()
        || ip.is_multicast()
        || a == 0
        || (a == 100 && (64..128).contains(&b)) // shared address space (carrier NAT)
        || (a == 198 && (18..20).contains(&b)) // benchmarking
        || a >= 240)
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let first = ip.segments()[0];
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_multicast()
        || (first & 0xfe00) == 0xfc00 // unique local
        || (first & 0xffc0) == 0xfe80 // link local
        || (first == 0x2001 && ip.segments()[1] == 0x0db8) // documentation
        || ip.to_ipv4().is_some_and(|v4| !is_public_v4(v4)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn checked(url: &str) -> Result<(), Refusal> {
        check_url(&Url::parse(url).unwrap(), &[])
    }

    #[test]
    fn only_public_web_addresses_on_default_ports_are_fetched() {
        assert_eq!(checked("https://images.example.jp/a.jpg"), Ok(()));
        assert_eq!(checked("http://images.example.jp/a.jpg"), Ok(()));
        assert_eq!(checked("ftp://images.example.jp/a.jpg"), Err(Refusal::NotAWebAddress));
        assert_eq!(checked("file:///etc/passwd"), Err(Refusal::NotAWebAddress));
        assert_eq!(checked("https://images.example.jp:8443/a.jpg"), Err(Refusal::NotAWebAddress));
        assert_eq!(checked("https://user:pw@images.example.jp/a.jpg"), Err(Refusal::NotAWebAddress));
        assert_eq!(checked("http://127.0.0.1/a.jpg"), Err(Refusal::PrivateHost));
        assert_eq!(checked("http://169.254.169.254/latest/meta-data/"), Err(Refusal::PrivateHost));
        assert_eq!(checked("http://10.1.2.3/a.jpg"), Err(Refusal::PrivateHost));
        assert_eq!(checked("http://[::1]/a.jpg"), Err(Refusal::PrivateHost));
        assert_eq!(checked("http://[::ffff:192.168.0.1]/a.jpg"), Err(Refusal::PrivateHost));
        assert_eq!(checked("http://localhost/a.jpg"), Err(Refusal::PrivateHost));
        assert_eq!(checked("http://8.8.8.8/a.jpg"), Ok(()));
    }

    #[test]
    fn an_allowed_host_may_be_private_and_on_any_port() {
        let allowed = vec!["127.0.0.1".to_owned()];
        assert_eq!(check_url(&Url::parse("http://127.0.0.1:8123/a.jpg").unwrap(), &allowed), Ok(()));
        assert_eq!(check_url(&Url::parse("http://10.0.0.1/a.jpg").unwrap(), &allowed), Err(Refusal::PrivateHost));
    }

    #[test]
    fn addresses_of_private_networks_are_not_public() {
        for private in
            ["0.0.0.0", "127.0.0.53", "10.0.0.1", "172.16.5.4", "192.168.1.1", "169.254.169.254", "100.64.0.1", "224.0.0.1", "fd00::1", "fe80::1", "::"]
        {
            assert!(!is_public(private.parse().unwrap()), "{private}");
        }
        for public in ["8.8.8.8", "133.242.0.1", "2400:cb00::1"] {
            assert!(is_public(public.parse().unwrap()), "{public}");
        }
    }
}
