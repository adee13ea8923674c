// The migrations are embedded at compile time (sqlx::migrate!): rebuild when one is added.
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
