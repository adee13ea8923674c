//! The storage interface on S3-compatible object storage (issue 31): moto's S3 server, started
//! by the test, stands in for the production bucket. A photo uploaded on the product desk and an
//! inquiry attachment are written into the bucket under the configured prefix and served back
//! from it; nothing lands in the local folder. The server runs from `SHOP_TEST_MOTO` or the
//! virtual environment `scripts/test.sh` makes (`~/.cache/shop-moto/bin/moto_server`).
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use shop::staff::StaffRole;

use crate::helpers::{Backend, TestApp, run_with};
use crate::order_desk::staff;
use crate::product_photos::{jpeg, upload};

const BUCKET: &str = "shop-files";

/// moto's S3 server on a free port, stopped when dropped.
struct Moto {
    child: Child,
    port: u16,
}

impl Drop for Moto {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn moto_program() -> Option<PathBuf> {
    if let Ok(path) = std::env::var("SHOP_TEST_MOTO") {
        return Some(PathBuf::from(path));
    }
    let default = PathBuf::from(std::env::var("HOME").ok()?).join(".cache/shop-moto/bin/moto_server");
    default.is_file().then_some(default)
}

async fn start_moto() -> Option<Moto> {
    let Some(program) = moto_program() else {
        assert!(std::env::var("CI").is_err(), "CI runs the S3 test: scripts/test.sh installs moto into ~/.cache/shop-moto");
        eprintln!("SKIPPED on S3: no moto_server (run scripts/test.sh once, or set SHOP_TEST_MOTO)");
        return None;
    };
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let child = Command::new(&program)
        .args(["-H", "127.0.0.1", "-p", &port.to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("start {}: {e}", program.display()));
    let moto = Moto { child, port };
    let http = reqwest::Client::new();
    let started = Instant::now();
    loop {
        // moto takes any credentials; a bucket is made by a PUT on its name.
        if let Ok(answer) = http.put(format!("http://127.0.0.1:{port}/{BUCKET}")).send().await
            && answer.status().is_success()
        {
            return Some(moto);
        }
        assert!(started.elapsed() < Duration::from_secs(30), "moto did not start on port {port}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn photos_and_attachments_live_in_the_bucket(app: TestApp, port: u16) {
    assert!(app.state.storage.description.starts_with("s3 bucket shop-files under shop/"), "{}", app.state.storage.description);
    let owner = staff(&app, StaffRole::Owner).await;
    let answer = upload(&app, &owner, "bag.jpg", &jpeg(800, 600)).await;
    answer.assert_status(StatusCode::CREATED);
    let url = answer.json()["url"].as_str().unwrap().to_owned();
    let served = app.get(&url).send().await;
    served.assert_status(StatusCode::OK);

    let channel_id = app.channel_id("demo").await;
    let name = url.trim_start_matches("/media/");
    // Read straight from the bucket, signed as any S3 client would, under the configured prefix.
    let bucket = shop::infra::storage::Storage::open(Some(&bucket_url(port, "")), std::path::Path::new("/nonexistent")).unwrap();
    let in_bucket = bucket.get(&format!("shop/media/{channel_id}/{name}")).await.unwrap();
    assert_eq!(in_bucket.as_deref(), Some(served.bytes.as_slice()), "the variant is an object of the bucket");

    let key = crate::uploads::uploaded(&app, None, "傷.png", crate::uploads::PNG).await;
    let in_bucket = bucket.get(&format!("shop/uploads/{channel_id}/{key}")).await.unwrap();
    assert_eq!(in_bucket.as_deref(), Some(crate::uploads::PNG), "the attachment too");
    let local = app.state.config.data_dir.join("files");
    assert!(!local.join("media").exists() && !local.join("uploads").exists(), "nothing in the local folder");
}

/// `SHOP_STORAGE_URL` for moto's bucket under `prefix` (moto takes any credentials).
fn bucket_url(port: u16, prefix: &str) -> String {
    format!("s3://{BUCKET}{prefix}?endpoint=http://127.0.0.1:{port}&allow_http=true&region=us-east-1&access_key_id=test&secret_access_key=test")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn files_go_to_s3_compatible_storage() {
    let Some(moto) = start_moto().await else { return };
    let port = moto.port;
    let storage = bucket_url(port, "/shop");
    run_with(Backend::Sqlite, |config| config.storage_url = Some(storage), move |app| photos_and_attachments_live_in_the_bucket(app, port)).await;
    drop(moto);
}
