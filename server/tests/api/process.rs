//! Real `shop serve` processes for the tests that need more than the in-process router: a
//! crash in the middle of a payment, or two instances on one database.
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

pub struct Server {
    pub child: Child,
    pub base: String,
    pub log: PathBuf,
}

impl Server {
    /// `shop serve` on `database_url` with a free port, its log (warnings and errors unless
    /// `env` sets RUST_LOG) in `data_dir`, rate limits as in production unless `env` says
    /// otherwise.
    pub fn start(database_url: &str, data_dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Server {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let log = data_dir.join(format!("server-{port}.log"));
        std::fs::create_dir_all(data_dir).unwrap();
        let log_file = std::fs::File::create(&log).unwrap();
        let mut command = Command::new(env!("CARGO_BIN_EXE_shop"));
        command
            .arg("serve")
            .args(args)
            .env("DATABASE_URL", database_url)
            .env("SHOP_ADDR", format!("127.0.0.1:{port}"))
            .env("SHOP_DATA_DIR", data_dir)
            .env("SHOP_WEB_DIR", data_dir.join("web"))
            .env("RUST_LOG", "warn")
            .env_remove("SHOP_FAULT_POINT")
            .env_remove("SHOP_DEMO")
            .env_remove("SHOP_JWT_SECRET")
            .env_remove("SHOP_GATEWAY_SECRET")
            .env_remove("SHOP_RATE_LIMIT_FACTOR")
            // The logs (stdout) and any panic (stderr), in order, in one file.
            .stdout(Stdio::from(log_file.try_clone().unwrap()))
            .stderr(log_file);
        for (name, value) in env {
            command.env(name, value);
        }
        Server { child: command.spawn().expect("start the shop binary"), base: format!("http://127.0.0.1:{port}"), log }
    }

    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    pub async fn wait_healthy(&mut self, http: &reqwest::Client) {
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(120) {
            if let Ok(answer) = http.get(format!("{}/healthz", self.base)).send().await
                && answer.status().is_success()
            {
                return;
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                panic!("the server exited at start ({status}): {}", self.log_text());
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("the server did not become healthy: {}", self.log_text());
    }

    /// One JSON call on the `demo` shop: the status and the body (Null when not JSON).
    pub async fn call(&self, http: &reqwest::Client, method: reqwest::Method, path: &str, bearer: Option<&str>, body: Option<&Value>) -> (u16, Value) {
        let mut request = http.request(method, format!("{}{path}", self.base)).header("x-channel", "demo");
        if let Some(token) = bearer {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.header("content-type", "application/json").body(serde_json::to_vec(body).unwrap());
        }
        let answer = request.send().await.expect("the server answers");
        let status = answer.status().as_u16();
        let bytes = answer.bytes().await.unwrap();
        (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
