//! Drawn pictures of the demo catalogues' goods: one flat vector drawing per kind of item, in
//! the shop's own palette, so a sofa at リヴィンズ shows a sofa and a tea bowl at 瀧本陶苑 a tea
//! bowl. The seed decides the [`Kind`] of each catalogue line with [`kind_of`] and draws its
//! pictures with [`svg`]: the item alone for the main picture, the item in a small scene of
//! its trade for the 「使用イメージ」 one.
//!
//! The drawings are plain SVG shapes (no text, no fonts, no external references) and the
//! output depends only on the arguments, so the same seed always gives the same pictures.
use std::fmt::Write as _;

/// What an illustration shows: a closed set, one per kind of goods in the demo catalogues.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    // Motorcycle and bicycle parts, riding gear, chemicals and tools.
    LedBulb,
    Battery,
    Charger,
    UsbSocket,
    Mirror,
    Grip,
    Windscreen,
    PlateBracket,
    Muffler,
    SparkPlug,
    OilCan,
    Cylinder,
    /// Disc pads and brake shoes alike: a friction block on a backing plate.
    BrakePad,
    Chain,
    Sprocket,
    Glove,
    Helmet,
    CycleHelmet,
    Jacket,
    Bag,
    PhoneHolder,
    Intercom,
    Tyre,
    Pedal,
    BikeLight,
    BottleCage,
    Lock,
    CycleComputer,
    EnergyGel,
    SportsDrink,
    /// Aerosol chemicals: chain lube, cleaners.
    SprayCan,
    Wrench,
    Pump,
    // Laboratory.
    Balance,
    PhMeter,
    Stirrer,
    Beaker,
    PipetteTips,
    // Tableware and tea.
    Bowl,
    Plate,
    Yunomi,
    Chasen,
    MatchaTin,
    // Work wear.
    HardHat,
    PoloShirt,
    CargoPants,
    SafetyShoe,
    // Hula and Hawaiian goods.
    PauSkirt,
    Muumuu,
    Lei,
    Quilt,
    Coffee,
    // Furniture and interior.
    Sofa,
    LowTable,
    Shelf,
    PendantLight,
    Rug,
    Cushion,
    /// Goods none of the others fits: a parcel.
    Parcel,
}

/// The kind a demo product line shows, from its leaf category key and noun.
///
/// The leaf category decides, except where one leaf holds different goods (chargers sit with
/// batteries); a category the table does not know falls back to words of the noun, so a line
/// added later still gets a fitting picture when its noun names the goods.
pub fn kind_of(category: &str, noun: &str) -> Kind {
    let charger = noun.contains("チャージャー") || noun.contains("充電器");
    let by_category = match category {
        "bike-battery" | "b-battery" if charger => Some(Kind::Charger),
        "bike-led-bulb" => Some(Kind::LedBulb),
        "bike-battery" | "b-battery" => Some(Kind::Battery),
        "bike-usb" => Some(Kind::UsbSocket),
        "bike-mirror" => Some(Kind::Mirror),
        "bike-grip" => Some(Kind::Grip),
        "bike-screen" => Some(Kind::Windscreen),
        "bike-fender" => Some(Kind::PlateBracket),
        "bike-muffler" => Some(Kind::Muffler),
        "bike-plug" => Some(Kind::SparkPlug),
        "bike-oil" | "b-engine-oil" => Some(Kind::OilCan),
        "bike-engine-parts" => Some(Kind::Cylinder),
        "bike-brake-pad" | "cycle-brake-shoe" | "cycle-disc-pad" | "b-brake-pad" | "b-brake-shoe" => Some(Kind::BrakePad),
        "bike-chain" | "cycle-chain" => Some(Kind::Chain),
        "bike-sprocket" | "cycle-sprocket" => Some(Kind::Sprocket),
        "bike-glove" | "cycle-glove" | "safety-glove" => Some(Kind::Glove),
        "bike-helmet" => Some(Kind::Helmet),
        "cycle-helmet" => Some(Kind::CycleHelmet),
        "bike-jacket" | "wear-jacket" => Some(Kind::Jacket),
        "bike-bag" => Some(Kind::Bag),
        "bike-phone-holder" => Some(Kind::PhoneHolder),
        "bike-intercom" => Some(Kind::Intercom),
        "cycle-tire-road" | "cycle-tire-mtb" | "cycle-tire-city" => Some(Kind::Tyre),
        "cycle-pedal" => Some(Kind::Pedal),
        "cycle-light" => Some(Kind::BikeLight),
        "cycle-bottle-cage" => Some(Kind::BottleCage),
        "cycle-lock" => Some(Kind::Lock),
        "cycle-computer" => Some(Kind::CycleComputer),
        "cycle-gel" => Some(Kind::EnergyGel),
        "cycle-drink" => Some(Kind::SportsDrink),
        "maint-chain-lube" | "maint-cleaner" | "b-parts-cleaner" => Some(Kind::SprayCan),
        "maint-wrench" | "b-torque" => Some(Kind::Wrench),
        "maint-pump" => Some(Kind::Pump),
        "lab-balance" => Some(Kind::Balance),
        "lab-ph" => Some(Kind::PhMeter),
        "lab-stirrer" => Some(Kind::Stirrer),
        "glass-beaker" => Some(Kind::Beaker),
        "glass-pipette" => Some(Kind::PipetteTips),
        "shokki-chawan" | "chadogu-matcha" => Some(Kind::Bowl),
        "shokki-sara" => Some(Kind::Plate),
        "shokki-yunomi" => Some(Kind::Yunomi),
        "chadogu-chasen" => Some(Kind::Chasen),
        "food-matcha" => Some(Kind::MatchaTin),
        "wear-polo" => Some(Kind::PoloShirt),
        "wear-cargo" => Some(Kind::CargoPants),
        "safety-shoes" => Some(Kind::SafetyShoe),
        "safety-helmet" => Some(Kind::HardHat),
        "hula-pau" => Some(Kind::PauSkirt),
        "hula-muumuu" => Some(Kind::Muumuu),
        "hula-lei" => Some(Kind::Lei),
        "zakka-quilt" => Some(Kind::Quilt),
        "zakka-coffee" => Some(Kind::Coffee),
        "furniture-sofa" => Some(Kind::Sofa),
        "furniture-table" => Some(Kind::LowTable),
        "furniture-shelf" => Some(Kind::Shelf),
        "interior-pendant" => Some(Kind::PendantLight),
        "interior-rug" => Some(Kind::Rug),
        "interior-cushion" => Some(Kind::Cushion),
        _ => None,
    };
    by_category.or_else(|| NOUN_WORDS.iter().find(|(word, _)| noun.contains(word)).map(|(_, kind)| *kind)).unwrap_or(Kind::Parcel)
}

/// Words of a noun and the kind they name, for categories the table above does not know.
/// Longer, more specific words come first: ペンダントライト is a lamp, not a bicycle light.
const NOUN_WORDS: &[(&str, Kind)] = &[
    ("チャージャー", Kind::Charger),
    ("充電器", Kind::Charger),
    ("バッテリー", Kind::Battery),
    ("バルブ", Kind::LedBulb),
    ("ペンダント", Kind::PendantLight),
    ("フルフェイス", Kind::Helmet),
    ("ジェットヘルメット", Kind::Helmet),
    ("自転車ヘルメット", Kind::CycleHelmet),
    ("ヘルメット", Kind::HardHat),
    ("ライト", Kind::BikeLight),
    ("ミラー", Kind::Mirror),
    ("グリップ", Kind::Grip),
    ("シールド", Kind::Windscreen),
    ("スクリーン", Kind::Windscreen),
    ("マフラー", Kind::Muffler),
    ("プラグ", Kind::SparkPlug),
    ("オイル", Kind::OilCan),
    ("ブレーキ", Kind::BrakePad),
    ("チェーン", Kind::Chain),
    ("スプロケット", Kind::Sprocket),
    ("グローブ", Kind::Glove),
    ("手袋", Kind::Glove),
    ("ジャケット", Kind::Jacket),
    ("バッグ", Kind::Bag),
    ("ホルダー", Kind::PhoneHolder),
    ("インカム", Kind::Intercom),
    ("タイヤ", Kind::Tyre),
    ("ペダル", Kind::Pedal),
    ("ボトル", Kind::BottleCage),
    ("ロック", Kind::Lock),
    ("コンピューター", Kind::CycleComputer),
    ("ジェル", Kind::EnergyGel),
    ("ドリンク", Kind::SportsDrink),
    ("ルブ", Kind::SprayCan),
    ("クリーナー", Kind::SprayCan),
    ("レンチ", Kind::Wrench),
    ("工具", Kind::Wrench),
    ("空気入れ", Kind::Pump),
    ("ポンプ", Kind::Pump),
    ("天びん", Kind::Balance),
    ("pH", Kind::PhMeter),
    ("スターラー", Kind::Stirrer),
    ("ビーカー", Kind::Beaker),
    ("ピペット", Kind::PipetteTips),
    ("碗", Kind::Bowl),
    ("皿", Kind::Plate),
    ("湯呑", Kind::Yunomi),
    ("茶筅", Kind::Chasen),
    ("抹茶", Kind::MatchaTin),
    ("ポロシャツ", Kind::PoloShirt),
    ("パンツ", Kind::CargoPants),
    ("スニーカー", Kind::SafetyShoe),
    ("安全靴", Kind::SafetyShoe),
    ("スカート", Kind::PauSkirt),
    ("ムームー", Kind::Muumuu),
    ("レイ", Kind::Lei),
    ("キルト", Kind::Quilt),
    ("コーヒー", Kind::Coffee),
    ("ソファ", Kind::Sofa),
    ("テーブル", Kind::LowTable),
    ("シェルフ", Kind::Shelf),
    ("ラグ", Kind::Rug),
    ("クッション", Kind::Cushion),
];

/// A square 960×960 SVG of the kind, drawn in the palette (colours as "#rrggbb":
/// [primary, secondary, accent, text, surface, border]). `scene` false: the item alone on a plain
/// ground (the main picture); true: the same item in a small scene/other composition (the
/// 「使用イメージ」 second picture).
pub fn svg(kind: Kind, colours: [&str; 6], scene: bool) -> String {
    let k = Pal::new(colours);
    let mut c = Canvas::default();
    c.out.push_str(r#"<svg xmlns="http://www.w3.org/2000/svg" width="960" height="960" viewBox="0 0 960 960">"#);
    if scene {
        let setting = Setting::of(kind);
        setting.draw_back(&mut c, &k);
        let (x, ground, scale) = setting.stage();
        // The item's own floor is y = 800; the lamp hangs from its top (y = 120) at the
        // ceiling and the quilt from its top edge (y = 190) on the wall, right of the window.
        let (x, anchor, at, scale, shadow) = match kind {
            Kind::PendantLight => (x, 120.0, 0.0, scale, false),
            Kind::Quilt => (620.0, 190.0, 170.0, 0.56, false),
            _ => (x, 800.0, ground, scale, true),
        };
        if shadow {
            c.ellipse(x, ground + 6.0, 270.0 * scale, 26.0 * scale, &k.shadow);
        }
        c.open(&format!("translate({} {}) scale({})", n(x - 480.0 * scale), n(at - anchor * scale), n(scale)));
        item(&mut c, &k, kind);
        c.close();
        if setting == Setting::Wardrobe {
            hanger(&mut c, &k, x, at + (225.0 - anchor) * scale);
        }
    } else {
        c.rect(0, 0, 960, 960, 0, &k.bg);
        c.circle(480, 470, 380, &k.halo);
        if kind != Kind::PendantLight {
            c.ellipse(480, 806, 270, 26, &k.shadow);
        }
        item(&mut c, &k, kind);
    }
    c.out.push_str("</svg>");
    c.out
}

fn item(c: &mut Canvas, k: &Pal, kind: Kind) {
    match kind {
        Kind::LedBulb => led_bulb(c, k),
        Kind::Battery => battery(c, k),
        Kind::Charger => charger(c, k),
        Kind::UsbSocket => usb_socket(c, k),
        Kind::Mirror => mirror(c, k),
        Kind::Grip => grips(c, k),
        Kind::Windscreen => windscreen(c, k),
        Kind::PlateBracket => plate_bracket(c, k),
        Kind::Muffler => muffler(c, k),
        Kind::SparkPlug => spark_plug(c, k),
        Kind::OilCan => oil_can(c, k),
        Kind::Cylinder => cylinder(c, k),
        Kind::BrakePad => brake_pads(c, k),
        Kind::Chain => chain(c, k),
        Kind::Sprocket => sprocket(c, k),
        Kind::Glove => glove(c, k),
        Kind::Helmet => helmet(c, k),
        Kind::CycleHelmet => cycle_helmet(c, k),
        Kind::Jacket => top(c, k, false),
        Kind::Bag => bag(c, k),
        Kind::PhoneHolder => phone_holder(c, k),
        Kind::Intercom => intercom(c, k),
        Kind::Tyre => tyre(c, k),
        Kind::Pedal => pedal(c, k),
        Kind::BikeLight => bike_light(c, k),
        Kind::BottleCage => bottle_cage(c, k),
        Kind::Lock => lock(c, k),
        Kind::CycleComputer => cycle_computer(c, k),
        Kind::EnergyGel => energy_gel(c, k),
        Kind::SportsDrink => sports_drink(c, k),
        Kind::SprayCan => spray_can(c, k),
        Kind::Wrench => wrenches(c, k),
        Kind::Pump => pump(c, k),
        Kind::Balance => balance(c, k),
        Kind::PhMeter => ph_meter(c, k),
        Kind::Stirrer => stirrer(c, k),
        Kind::Beaker => beakers(c, k),
        Kind::PipetteTips => pipette_tips(c, k),
        Kind::Bowl => bowl(c, k),
        Kind::Plate => plate(c, k),
        Kind::Yunomi => yunomi(c, k),
        Kind::Chasen => chasen(c, k),
        Kind::MatchaTin => matcha_tin(c, k),
        Kind::HardHat => hard_hat(c, k),
        Kind::PoloShirt => top(c, k, true),
        Kind::CargoPants => cargo_pants(c, k),
        Kind::SafetyShoe => safety_shoe(c, k),
        Kind::PauSkirt => pau_skirt(c, k),
        Kind::Muumuu => muumuu(c, k),
        Kind::Lei => lei(c, k),
        Kind::Quilt => quilt(c, k),
        Kind::Coffee => coffee(c, k),
        Kind::Sofa => sofa(c, k),
        Kind::LowTable => low_table(c, k),
        Kind::Shelf => shelf(c, k),
        Kind::PendantLight => pendant_light(c, k),
        Kind::Rug => rug(c, k),
        Kind::Cushion => cushions(c, k),
        Kind::Parcel => parcel(c, k),
    }
}

// =============================================================================================
// Colours.

/// The shop's six colours and the shades the drawings need, all mixed from them so every
/// picture stays in the shop's palette. Metal and wood are neutral tones tinted by it.
struct Pal {
    p: String,
    pd: String,
    pl: String,
    pll: String,
    s: String,
    sl: String,
    /// The accent, or a light primary where the shop's accent is its primary (it would not
    /// stand out on primary parts).
    a: String,
    ink: String,
    inkl: String,
    bg: String,
    line: String,
    white: String,
    steel: String,
    steeld: String,
    steell: String,
    wood: String,
    woodd: String,
    woodl: String,
    halo: String,
    shadow: String,
}

impl Pal {
    fn new([primary, secondary, accent, text, surface, border]: [&str; 6]) -> Pal {
        let [p, s, a, ink, bg, line] = [primary, secondary, accent, text, surface, border].map(rgb);
        let white = mix(bg, WHITE, 0.7);
        let accent = if distance(a, p) < 90 { mix(p, WHITE, 0.55) } else { a };
        let steel = mix((170, 176, 181), line, 0.25);
        let wood = mix((190, 146, 98), a, 0.12);
        Pal {
            p: hex(p),
            pd: hex(mix(p, BLACK, 0.3)),
            pl: hex(mix(p, WHITE, 0.45)),
            pll: hex(mix(p, WHITE, 0.78)),
            s: hex(s),
            sl: hex(mix(s, WHITE, 0.5)),
            a: hex(accent),
            ink: hex(ink),
            inkl: hex(mix(ink, WHITE, 0.25)),
            bg: hex(bg),
            line: hex(line),
            white: hex(white),
            steel: hex(steel),
            steeld: hex(mix(steel, ink, 0.4)),
            steell: hex(mix(steel, WHITE, 0.55)),
            wood: hex(wood),
            woodd: hex(mix(wood, ink, 0.3)),
            woodl: hex(mix(wood, WHITE, 0.35)),
            halo: hex(mix(bg, p, 0.09)),
            shadow: hex(mix(bg, ink, 0.14)),
        }
    }
}

type Rgb = (u8, u8, u8);
const WHITE: Rgb = (255, 255, 255);
const BLACK: Rgb = (0, 0, 0);

/// "#rrggbb" → its three channels; anything else reads as mid grey rather than failing a seed.
fn rgb(colour: &str) -> Rgb {
    let digits = colour.trim_start_matches('#');
    let channel = |i: usize| digits.get(i..i + 2).and_then(|h| u8::from_str_radix(h, 16).ok()).unwrap_or(128);
    if digits.len() == 6 { (channel(0), channel(2), channel(4)) } else { (128, 128, 128) }
}

fn hex((r, g, b): Rgb) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// `from` moved `t` of the way to `to`.
fn mix(from: Rgb, to: Rgb, t: f64) -> Rgb {
    let channel = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t).round() as u8;
    (channel(from.0, to.0), channel(from.1, to.1), channel(from.2, to.2))
}

fn distance(a: Rgb, b: Rgb) -> u32 {
    u32::from(a.0.abs_diff(b.0)) + u32::from(a.1.abs_diff(b.1)) + u32::from(a.2.abs_diff(b.2))
}

// =============================================================================================
// Writing SVG.

/// A number for SVG: one decimal at most, so the output stays short and exactly repeatable.
fn n(value: f64) -> String {
    let rounded = (value * 10.0).round() / 10.0;
    if rounded == rounded.trunc() { format!("{}", rounded as i64) } else { format!("{rounded:.1}") }
}

#[derive(Default)]
struct Canvas {
    out: String,
}

impl Canvas {
    /// A rectangle from corner (x1, y1) to corner (x2, y2).
    fn rect(&mut self, x1: impl Into<f64>, y1: impl Into<f64>, x2: impl Into<f64>, y2: impl Into<f64>, rx: impl Into<f64>, fill: &str) {
        let (x1, y1, x2, y2) = (x1.into(), y1.into(), x2.into(), y2.into());
        let _ = write!(self.out, r#"<rect x="{}" y="{}" width="{}" height="{}" rx="{}" fill="{fill}"/>"#, n(x1), n(y1), n(x2 - x1), n(y2 - y1), n(rx.into()));
    }

    fn circle(&mut self, cx: impl Into<f64>, cy: impl Into<f64>, r: impl Into<f64>, fill: &str) {
        let _ = write!(self.out, r#"<circle cx="{}" cy="{}" r="{}" fill="{fill}"/>"#, n(cx.into()), n(cy.into()), n(r.into()));
    }

    fn ellipse(&mut self, cx: impl Into<f64>, cy: impl Into<f64>, rx: impl Into<f64>, ry: impl Into<f64>, fill: &str) {
        let _ = write!(self.out, r#"<ellipse cx="{}" cy="{}" rx="{}" ry="{}" fill="{fill}"/>"#, n(cx.into()), n(cy.into()), n(rx.into()), n(ry.into()));
    }

    fn path(&mut self, d: &str, fill: &str) {
        let _ = write!(self.out, r#"<path d="{d}" fill="{fill}" fill-rule="evenodd"/>"#);
    }

    /// A stroked line with round ends: rods, cables, seams.
    fn stroke(&mut self, d: &str, colour: &str, width: impl Into<f64>) {
        let _ = write!(
            self.out,
            r#"<path d="{d}" fill="none" stroke="{colour}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round"/>"#,
            n(width.into())
        );
    }

    fn open(&mut self, transform: &str) {
        let _ = write!(self.out, r#"<g transform="{transform}">"#);
    }

    fn open_clip(&mut self, id: &str, d: &str) {
        let _ = write!(self.out, r#"<clipPath id="{id}"><path d="{d}"/></clipPath><g clip-path="url(#{id})">"#);
    }

    fn open_alpha(&mut self, opacity: f64) {
        let _ = write!(self.out, r#"<g opacity="{opacity:.2}">"#);
    }

    fn close(&mut self) {
        self.out.push_str("</g>");
    }

    /// A linear gradient along (x1, y1) → (x2, y2) in the drawing's own units; returns the
    /// paint that uses it. Stops: (offset 0–1, colour, opacity).
    fn linear(&mut self, id: &str, (x1, y1, x2, y2): (i32, i32, i32, i32), stops: &[(f64, &str, f64)]) -> String {
        let _ = write!(self.out, r#"<defs><linearGradient id="{id}" gradientUnits="userSpaceOnUse" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}">"#);
        for (offset, colour, opacity) in stops {
            let _ = write!(self.out, r#"<stop offset="{}" stop-color="{colour}" stop-opacity="{}"/>"#, n(*offset * 100.0) + "%", n(*opacity * 100.0) + "%");
        }
        self.out.push_str("</linearGradient></defs>");
        format!("url(#{id})")
    }

    fn radial(&mut self, id: &str, (cx, cy, r): (i32, i32, i32), stops: &[(f64, &str, f64)]) -> String {
        let _ = write!(self.out, r#"<defs><radialGradient id="{id}" gradientUnits="userSpaceOnUse" cx="{cx}" cy="{cy}" r="{r}">"#);
        for (offset, colour, opacity) in stops {
            let _ = write!(self.out, r#"<stop offset="{}" stop-color="{colour}" stop-opacity="{}"/>"#, n(*offset * 100.0) + "%", n(*opacity * 100.0) + "%");
        }
        self.out.push_str("</radialGradient></defs>");
        format!("url(#{id})")
    }
}

// =============================================================================================
// Shapes several drawings share.

/// A circle as path data, to cut holes with the even-odd rule.
fn circle_d(cx: f64, cy: f64, r: f64) -> String {
    format!("M{} {}a{r} {r} 0 1 0 {} 0a{r} {r} 0 1 0 {} 0Z", n(cx - r), n(cy), n(2.0 * r), n(-2.0 * r), r = n(r))
}

fn polygon_d(points: &[(f64, f64)]) -> String {
    let mut d = String::new();
    for (i, (x, y)) in points.iter().enumerate() {
        let _ = write!(d, "{}{} {}", if i == 0 { "M" } else { "L" }, n(*x), n(*y));
    }
    d.push('Z');
    d
}

/// A hexagon's corners: nuts and bolt heads.
fn hex_points(cx: f64, cy: f64, r: f64) -> Vec<(f64, f64)> {
    (0..6).map(|i| f64::from(i) * 60.0_f64.to_radians()).map(|a| (cx + r * a.cos(), cy + r * a.sin())).collect()
}

/// A toothed wheel centred at (cx, cy): sprockets.
fn gear_d(cx: f64, cy: f64, root: f64, tip: f64, teeth: usize) -> String {
    let step = std::f64::consts::TAU / teeth as f64;
    let mut points = Vec::with_capacity(teeth * 4);
    for tooth in 0..teeth {
        let at = step * tooth as f64;
        for (offset, r) in [(-0.36, root), (-0.16, tip), (0.16, tip), (0.36, root)] {
            let angle = at + offset * step;
            points.push((cx + r * angle.cos(), cy + r * angle.sin()));
        }
    }
    polygon_d(&points)
}

/// A flower of `petals` oval petals around (cx, cy): hibiscus and plumeria prints, leis.
fn flower(c: &mut Canvas, (cx, cy): (f64, f64), r: f64, petals: usize, turn: f64, petal: &str, heart: &str) {
    for i in 0..petals {
        let angle = turn + 360.0 * i as f64 / petals as f64;
        let _ = write!(
            c.out,
            r#"<ellipse cx="{}" cy="{}" rx="{}" ry="{}" transform="rotate({} {} {})" fill="{petal}"/>"#,
            n(cx + r * 0.52),
            n(cy),
            n(r * 0.52),
            n(r * 0.34),
            n(angle),
            n(cx),
            n(cy)
        );
    }
    c.circle(cx, cy, r * 0.22, heart);
}

/// An oval leaf pointing at `turn` degrees.
fn leaf(c: &mut Canvas, (cx, cy): (f64, f64), length: f64, turn: f64, fill: &str) {
    let _ = write!(
        c.out,
        r#"<ellipse cx="{}" cy="{}" rx="{}" ry="{}" transform="rotate({} {} {})" fill="{fill}"/>"#,
        n(cx + length / 2.0),
        n(cy),
        n(length / 2.0),
        n(length / 5.0),
        n(turn),
        n(cx),
        n(cy)
    );
}

/// One seven-segment digit, top-left at (x, y): the displays of meters and scales.
fn digit(c: &mut Canvas, x: f64, y: f64, h: f64, value: usize, fill: &str) {
    const SEGMENTS: [u8; 10] = [0b0111111, 0b0000110, 0b1011011, 0b1001111, 0b1100110, 0b1101101, 0b1111101, 0b0000111, 0b1111111, 0b1101111];
    let (w, t) = (h * 0.55, h * 0.13);
    let bars = [
        (x + t, y, x + w - t, y + t),
        (x + w - t, y + t, x + w, y + h / 2.0),
        (x + w - t, y + h / 2.0, x + w, y + h - t),
        (x + t, y + h - t, x + w - t, y + h),
        (x, y + h / 2.0, x + t, y + h - t),
        (x, y + t, x + t, y + h / 2.0),
        (x + t, y + h / 2.0 - t / 2.0, x + w - t, y + h / 2.0 + t / 2.0),
    ];
    for (i, (x1, y1, x2, y2)) in bars.into_iter().enumerate() {
        if SEGMENTS[value % 10] & (1 << i) != 0 {
            c.rect(x1, y1, x2, y2, t / 3.0, fill);
        }
    }
}

/// A horizontal bar across the drawing: handlebars the parts are mounted on.
fn handlebar(c: &mut Canvas, k: &Pal, y: f64) {
    c.rect(150, y, 810, y + 56.0, 28, &k.steel);
    c.rect(170, y + 10.0, 790, y + 20.0, 5, &k.steell);
}

// =============================================================================================
// Motorcycle parts.

fn led_bulb(c: &mut Canvas, k: &Pal) {
    for i in 0..7 {
        let angle = (200.0 + 23.0 * f64::from(i)).to_radians();
        let (dx, dy) = (angle.cos(), angle.sin());
        c.stroke(&format!("M{} {}L{} {}", n(480.0 + 175.0 * dx), n(300.0 + 175.0 * dy), n(480.0 + 230.0 * dx), n(300.0 + 230.0 * dy)), &k.a, 16);
    }
    let glass = c.linear("bulb-glass", (410, 0, 550, 0), &[(0.0, &k.pll, 1.0), (0.5, &k.white, 1.0), (1.0, &k.pll, 1.0)]);
    c.rect(405, 160, 555, 460, 75, &glass);
    c.rect(462, 200, 498, 450, 6, &k.steel);
    c.rect(466, 240, 494, 280, 4, &k.a);
    c.rect(466, 320, 494, 360, 4, &k.a);
    c.rect(330, 455, 630, 485, 10, &k.steeld);
    c.rect(400, 485, 560, 520, 6, &k.steel);
    c.rect(375, 515, 585, 730, 28, &k.p);
    for y in [550, 590, 630, 670] {
        c.rect(375, y, 585, y + 14, 0, &k.pd);
    }
    c.stroke("M480 730C480 790 560 790 660 790", &k.ink, 16);
    c.rect(640, 765, 720, 805, 10, &k.inkl);
}

fn battery(c: &mut Canvas, k: &Pal) {
    c.rect(265, 245, 355, 310, 10, &k.steel);
    c.rect(605, 245, 695, 310, 10, &k.steel);
    c.rect(255, 230, 365, 262, 10, &k.a);
    c.rect(230, 340, 730, 790, 26, &k.s);
    c.rect(215, 295, 745, 365, 20, &k.ink);
    c.rect(290, 322, 330, 338, 4, &k.white);
    c.rect(302, 310, 318, 350, 4, &k.white);
    c.rect(630, 322, 670, 338, 4, &k.white);
    c.rect(230, 450, 730, 670, 0, &k.p);
    c.path("M505 470L420 575L475 575L452 650L542 540L488 540L515 470Z", &k.white);
    c.rect(230, 690, 730, 702, 0, &k.sl);
    c.circle(650, 735, 20, &k.a);
}

fn charger(c: &mut Canvas, k: &Pal) {
    c.stroke("M430 520C430 630 330 620 330 700", &k.ink, 16);
    c.stroke("M530 520C530 630 630 620 630 700", &k.ink, 16);
    for (x, fill) in [(330.0, &k.a), (630.0, &k.inkl)] {
        c.rect(x - 34.0, 680, x + 34.0, 770, 16, fill);
        c.path(
            &format!("M{} 770L{} 800L{} 785L{} 800L{} 785L{} 800L{} 770Z", n(x - 34.0), n(x - 28.0), n(x - 14.0), n(x), n(x + 14.0), n(x + 28.0), n(x + 34.0)),
            fill,
        );
        c.rect(x - 10.0, 650, x + 10.0, 690, 6, &k.steeld);
    }
    c.rect(290, 240, 670, 530, 46, &k.p);
    c.rect(290, 470, 670, 530, 30, &k.pd);
    c.rect(335, 285, 625, 420, 18, &k.ink);
    digit(c, 370.0, 305.0, 90.0, 1, &k.pll);
    digit(c, 440.0, 305.0, 90.0, 2, &k.pll);
    c.rect(500, 385, 512, 395, 2, &k.pll);
    digit(c, 530.0, 305.0, 90.0, 8, &k.pll);
    for (x, fill) in [(370.0, &k.a), (420.0, &k.pll), (470.0, &k.pll)] {
        c.circle(x, 448, 12, fill);
    }
}

fn usb_socket(c: &mut Canvas, k: &Pal) {
    handlebar(c, k, 600.0);
    c.stroke("M520 660C530 740 640 760 760 760", &k.ink, 14);
    c.rect(425, 585, 535, 675, 14, &k.ink);
    c.stroke("M360 380C300 380 270 420 270 470", &k.s, 18);
    c.rect(220, 460, 320, 560, 40, &k.s);
    c.rect(355, 290, 605, 610, 64, &k.p);
    c.rect(395, 330, 565, 540, 34, &k.pd);
    c.rect(428, 370, 532, 410, 8, &k.ink);
    c.rect(440, 382, 520, 394, 3, &k.steel);
    c.rect(443, 445, 517, 480, 17, &k.ink);
    c.rect(458, 458, 502, 467, 4, &k.steel);
    c.circle(480, 512, 9, &k.a);
}

fn mirror(c: &mut Canvas, k: &Pal) {
    c.stroke("M500 470C520 560 470 620 470 710", &k.steeld, 36);
    c.circle(500, 478, 32, &k.ink);
    c.path(&polygon_d(&hex_points(470.0, 735.0, 52.0)), &k.steel);
    c.rect(456, 770, 484, 805, 4, &k.steeld);
    c.open("rotate(-8 470 320)");
    c.ellipse(470, 320, 255, 165, &k.p);
    let glass = c.linear("mirror-glass", (260, 180, 680, 460), &[(0.0, &k.white, 1.0), (1.0, &k.pll, 1.0)]);
    c.ellipse(470, 320, 225, 138, &glass);
    c.path("M330 400L430 220L480 222L380 408Z", &k.white);
    c.close();
}

fn grips(c: &mut Canvas, k: &Pal) {
    for (x, y) in [(270.0, 250.0), (230.0, 500.0)] {
        c.rect(x - 110.0, y + 42.0, x + 30.0, y + 98.0, 10, &k.steel);
        c.rect(x, y - 12.0, x + 44.0, y + 152.0, 18, &k.ink);
        c.rect(x + 34.0, y, x + 460.0, y + 140.0, 62, &k.p);
        let mut rib = x + 80.0;
        while rib < x + 420.0 {
            c.rect(rib, y + 8.0, rib + 14.0, y + 132.0, 6, &k.pd);
            rib += 36.0;
        }
        c.rect(x + 440.0, y + 16.0, x + 500.0, y + 124.0, 22, &k.steeld);
    }
}

fn windscreen(c: &mut Canvas, k: &Pal) {
    c.stroke("M390 640L350 520", &k.steeld, 20);
    c.stroke("M570 640L610 520", &k.steeld, 20);
    c.circle(480, 680, 115, &k.p);
    c.circle(480, 680, 84, &k.pll);
    c.circle(480, 680, 40, &k.white);
    c.open_alpha(0.75);
    c.path("M280 560C270 430 300 260 390 180C440 150 520 150 570 180C660 260 690 430 680 560C600 592 360 592 280 560Z", &k.pll);
    c.close();
    c.stroke("M280 560C270 430 300 260 390 180C440 150 520 150 570 180C660 260 690 430 680 560C600 592 360 592 280 560Z", &k.p, 12);
    c.stroke("M350 480C350 380 380 280 430 220", &k.white, 18);
    c.stroke("M390 500C390 420 410 350 440 300", &k.white, 10);
    for (x, y) in [(330.0, 520.0), (630.0, 520.0)] {
        c.circle(x, y, 12, &k.ink);
    }
}

fn plate_bracket(c: &mut Canvas, k: &Pal) {
    c.path("M420 170L540 170L565 390L395 390Z", &k.ink);
    c.stroke("M410 395L260 355", &k.ink, 20);
    c.stroke("M550 395L700 355", &k.ink, 20);
    c.ellipse(245, 350, 48, 30, &k.a);
    c.ellipse(715, 350, 48, 30, &k.a);
    c.rect(395, 375, 565, 425, 14, &k.inkl);
    c.rect(425, 412, 535, 432, 4, &k.pll);
    c.rect(470, 640, 490, 690, 4, &k.ink);
    c.circle(480, 730, 48, &k.a);
    c.circle(480, 730, 30, &k.pd);
    c.rect(285, 430, 675, 655, 26, &k.white);
    c.rect(297, 442, 663, 643, 18, &k.p);
    c.rect(309, 454, 651, 631, 12, &k.white);
    c.rect(345, 478, 615, 504, 6, &k.p);
    c.rect(345, 530, 445, 605, 8, &k.p);
    c.rect(470, 522, 615, 612, 8, &k.p);
    c.circle(332, 466, 11, &k.inkl);
    c.circle(628, 466, 11, &k.inkl);
}

fn muffler(c: &mut Canvas, k: &Pal) {
    let heat = c.linear("muffler-heat", (160, 240, 470, 560), &[(0.0, &k.steel, 1.0), (0.45, &k.a, 1.0), (0.75, &k.p, 1.0), (1.0, &k.steel, 1.0)]);
    c.stroke("M170 230C270 250 300 330 330 420C350 490 390 530 470 545", &heat, 58);
    c.open("rotate(-14 620 560)");
    c.rect(420, 475, 830, 645, 84, &k.steel);
    c.rect(445, 495, 805, 515, 10, &k.steell);
    c.rect(455, 478, 490, 642, 6, &k.steeld);
    c.rect(760, 478, 795, 642, 6, &k.steeld);
    c.rect(555, 520, 705, 600, 14, &k.p);
    c.rect(585, 552, 675, 568, 6, &k.pll);
    c.ellipse(828, 560, 28, 84, &k.ink);
    c.ellipse(832, 560, 14, 40, &k.inkl);
    c.close();
}

fn spark_plug(c: &mut Canvas, k: &Pal) {
    c.open("rotate(20 480 480)");
    c.rect(456, 130, 504, 200, 10, &k.steel);
    c.rect(444, 190, 516, 215, 6, &k.steeld);
    c.rect(430, 210, 530, 470, 22, &k.white);
    for y in [235, 275, 315, 355] {
        c.rect(424, y, 536, y + 20, 10, &k.white);
        c.rect(430, y + 20, 530, y + 24, 0, &k.line);
    }
    c.rect(430, 395, 530, 440, 4, &k.p);
    c.rect(372, 470, 588, 565, 10, &k.steel);
    c.rect(435, 470, 445, 565, 0, &k.steeld);
    c.rect(515, 470, 525, 565, 0, &k.steeld);
    c.rect(392, 565, 568, 584, 4, &k.steeld);
    c.rect(420, 584, 540, 730, 6, &k.steel);
    let mut y = 596.0;
    while y < 724.0 {
        c.stroke(&format!("M424 {}L536 {}", n(y + 10.0), n(y)), &k.steeld, 6);
        y += 18.0;
    }
    c.rect(464, 730, 496, 752, 4, &k.white);
    c.rect(474, 750, 486, 772, 3, &k.steeld);
    c.path("M524 730L540 730L540 806L468 806L468 788L524 788Z", &k.steeld);
    c.close();
}

fn oil_can(c: &mut Canvas, k: &Pal) {
    c.stroke("M540 380L565 265L655 265L680 380", &k.p, 50);
    c.rect(335, 235, 425, 380, 14, &k.p);
    c.rect(322, 200, 438, 262, 14, &k.ink);
    c.rect(290, 350, 700, 800, 34, &k.p);
    c.rect(300, 420, 322, 770, 8, &k.pl);
    c.rect(340, 450, 660, 750, 22, &k.white);
    c.path("M500 480C540 540 560 570 560 602A60 60 0 0 1 440 602C440 570 460 540 500 480Z", &k.a);
    c.rect(370, 672, 630, 694, 8, &k.p);
    c.rect(370, 708, 560, 722, 6, &k.line);
}

fn cylinder(c: &mut Canvas, k: &Pal) {
    c.rect(270, 270, 570, 720, 12, &k.pd);
    for i in 0..10 {
        let y = 300.0 + 42.0 * f64::from(i);
        c.rect(215, y, 625, y + 28.0, 12, &k.p);
        c.rect(225, y + 22.0, 615, y + 28.0, 3, &k.pd);
    }
    c.rect(235, 235, 605, 290, 12, &k.steel);
    c.ellipse(420, 262, 120, 18, &k.ink);
    for x in [262.0, 578.0] {
        c.circle(x, 262, 10, &k.steeld);
    }
    c.rect(560, 470, 760, 720, 18, &k.steel);
    c.ellipse(660, 470, 100, 24, &k.steell);
    for y in [500, 526, 552] {
        c.rect(560, y, 760, y + 9, 0, &k.steeld);
    }
    c.circle(660, 630, 34, &k.steeld);
    c.circle(660, 630, 17, &k.ink);
}

fn brake_pads(c: &mut Canvas, k: &Pal) {
    for (x, y, turn) in [(250.0, 250.0, -8.0), (330.0, 500.0, 6.0)] {
        c.open(&format!("translate({} {}) rotate({turn}) scale(1.3)", n(x), n(y)));
        c.path(&format!("M-10 0C60 -44 260 -44 330 0L338 120C250 150 70 150 -18 120Z{}", circle_d(-6.0, 18.0, 13.0)), &k.p);
        c.path(&format!("M-42 18a36 36 0 1 0 72 0a36 36 0 1 0 -72 0Z{}", circle_d(-6.0, 18.0, 13.0)), &k.p);
        c.path("M20 18C85 -12 235 -12 300 18L306 100C230 126 90 126 14 100Z", &k.inkl);
        c.rect(154, -4, 166, 122, 3, &k.p);
        c.close();
    }
}

fn chain(c: &mut Canvas, k: &Pal) {
    // Pins spaced one pitch apart along a gentle wave.
    let curve = |t: f64| (170.0 + 620.0 * t, 470.0 + 120.0 * (t * std::f64::consts::TAU).sin());
    let mut pins = vec![curve(0.0)];
    let (mut last, mut walked, pitch) = (curve(0.0), 0.0, 80.0);
    for step in 1..=2000 {
        let point = curve(f64::from(step) / 2000.0);
        walked += ((point.0 - last.0).powi(2) + (point.1 - last.1).powi(2)).sqrt();
        last = point;
        if walked >= pitch {
            pins.push(point);
            walked = 0.0;
        }
    }
    let segment = |(x1, y1): (f64, f64), (x2, y2): (f64, f64)| format!("M{} {}L{} {}", n(x1), n(y1), n(x2), n(y2));
    for (i, pair) in pins.windows(2).enumerate() {
        if i % 2 == 1 {
            c.stroke(&segment(pair[0], pair[1]), &k.steel, 64);
        }
    }
    for pin in &pins {
        c.circle(pin.0, pin.1, 29, &k.steeld);
    }
    for (i, pair) in pins.windows(2).enumerate() {
        if i % 2 == 0 {
            c.stroke(&segment(pair[0], pair[1]), &k.p, 74);
            c.stroke(&segment(pair[0], pair[1]), &k.pl, 18);
        }
    }
    for pin in &pins {
        c.circle(pin.0, pin.1, 13, &k.steell);
    }
}

fn sprocket(c: &mut Canvas, k: &Pal) {
    let (cx, cy) = (480.0, 470.0);
    let mut d = gear_d(cx, cy, 282.0, 318.0, 40);
    d.push_str(&circle_d(cx, cy, 72.0));
    for i in 0..5 {
        let a = (f64::from(i) * 72.0 - 90.0).to_radians();
        d.push_str(&circle_d(cx + 112.0 * a.cos(), cy + 112.0 * a.sin(), 16.0));
        // A lightening hole between each pair of bolts.
        let (a1, a2) = (a + 0.2, a + 72f64.to_radians() - 0.2);
        let (r1, r2) = (160.0, 240.0);
        let _ = write!(
            d,
            "M{} {}A{r2} {r2} 0 0 1 {} {}L{} {}A{r1} {r1} 0 0 0 {} {}Z",
            n(cx + r2 * a1.cos()),
            n(cy + r2 * a1.sin()),
            n(cx + r2 * a2.cos()),
            n(cy + r2 * a2.sin()),
            n(cx + r1 * a2.cos()),
            n(cy + r1 * a2.sin()),
            n(cx + r1 * a1.cos()),
            n(cy + r1 * a1.sin()),
        );
    }
    c.path(&d, &k.p);
    let _ = write!(c.out, r#"<circle cx="480" cy="470" r="268" fill="none" stroke="{}" stroke-width="8"/>"#, k.pd);
    let _ = write!(c.out, r#"<circle cx="480" cy="470" r="90" fill="none" stroke="{}" stroke-width="10"/>"#, k.pd);
}

fn glove(c: &mut Canvas, k: &Pal) {
    for (x, top) in [(372.0, 270.0), (442.0, 225.0), (512.0, 245.0), (578.0, 305.0)] {
        c.stroke(&format!("M{} 470L{} {}", n(x), n(x), n(top)), &k.p, 64);
        c.rect(x - 24.0, top + 55.0, x + 24.0, top + 95.0, 14, &k.s);
    }
    c.stroke("M360 600L240 440", &k.p, 78);
    c.rect(330, 400, 615, 680, 50, &k.p);
    c.rect(345, 405, 605, 470, 30, &k.s);
    for x in [400, 470, 540] {
        c.rect(x, 412, x + 8, 462, 4, &k.inkl);
    }
    c.stroke("M360 520C420 540 520 540 600 520", &k.pd, 8);
    c.rect(335, 650, 625, 795, 26, &k.s);
    c.rect(320, 690, 610, 748, 22, &k.pd);
    c.rect(560, 696, 604, 742, 14, &k.a);
}

const HELMET_SHELL: &str = "M220 620C190 430 280 210 480 190C670 172 790 310 800 470L805 620C806 680 770 720 710 722L300 722C255 722 228 680 220 620Z";
const HELMET_VISOR: &str = "M570 350C650 335 760 350 804 405L806 545C730 568 640 568 580 548C552 485 550 410 570 350Z";

fn helmet(c: &mut Canvas, k: &Pal) {
    c.path(HELMET_SHELL, &k.p);
    c.open_clip("helmet-shell", HELMET_SHELL);
    c.stroke("M200 470C240 300 360 215 520 205", &k.a, 44);
    c.stroke("M200 540C240 360 380 270 540 262", &k.white, 16);
    c.close();
    let visor = c.linear("helmet-visor", (560, 360, 800, 540), &[(0.0, &k.inkl, 1.0), (1.0, &k.ink, 1.0)]);
    c.path(HELMET_VISOR, &visor);
    c.stroke("M600 385C660 372 730 380 770 405", &k.white, 12);
    c.ellipse(560, 455, 40, 32, &k.inkl);
    c.rect(290, 698, 730, 734, 16, &k.ink);
    for (x, y) in [(710.0, 620.0), (740.0, 640.0)] {
        c.rect(x - 26.0, y - 6.0, x + 26.0, y + 6.0, 6, &k.ink);
    }
    c.rect(440, 182, 520, 202, 8, &k.ink);
}

/// A Bluetooth unit clipped to the side of a helmet (drawn pale behind it), with its boom
/// microphone: alone, the box would not read as an intercom.
fn intercom(c: &mut Canvas, k: &Pal) {
    c.path(HELMET_SHELL, &k.line);
    c.path(HELMET_VISOR, &k.steell);
    for r in [50.0, 90.0, 130.0] {
        c.stroke(
            &format!("M{} {}A{r} {r} 0 0 1 {} {}", n(640.0 + r * 0.26), n(230.0 - r * 0.97), n(640.0 + r * 0.97), n(230.0 - r * 0.26), r = n(r)),
            &k.a,
            16,
        );
    }
    c.stroke("M520 650C620 720 720 700 790 640", &k.steeld, 16);
    c.circle(800, 632, 40, &k.ink);
    c.open("rotate(-10 420 560)");
    c.rect(258, 400, 296, 480, 18, &k.ink);
    c.rect(240, 460, 600, 660, 70, &k.inkl);
    c.circle(480, 560, 78, &k.p);
    c.circle(480, 560, 52, &k.pd);
    c.circle(480, 560, 16, &k.pl);
    c.circle(320, 525, 24, &k.s);
    c.circle(320, 600, 11, &k.a);
    c.close();
}

fn wrenches(c: &mut Canvas, k: &Pal) {
    c.open("rotate(40 480 480)");
    c.rect(210, 452, 740, 508, 22, &k.steel);
    c.path("M720 445L745 418C775 392 835 392 866 418L884 448L832 456L832 504L884 512L866 542C835 568 775 568 745 542L720 515Z", &k.steel);
    c.path(&format!("{}{}", circle_d(180.0, 480.0, 74.0), polygon_d(&hex_points(180.0, 480.0, 40.0))), &k.steel);
    c.rect(300, 468, 640, 492, 12, &k.steell);
    c.close();
    c.open("rotate(-40 480 480)");
    c.rect(300, 458, 800, 502, 16, &k.steeld);
    c.rect(120, 438, 420, 522, 40, &k.p);
    for x in [170, 230, 290, 350] {
        c.rect(x, 446, x + 16, 514, 8, &k.pd);
    }
    c.rect(460, 463, 600, 497, 6, &k.white);
    for x in [475, 505, 535, 565] {
        c.rect(x, 466, x + 5, 484, 2, &k.ink);
    }
    c.circle(830, 480, 62, &k.steel);
    c.circle(830, 480, 34, &k.steeld);
    c.rect(814, 464, 846, 496, 4, &k.ink);
    c.close();
}

fn spray_can(c: &mut Canvas, k: &Pal) {
    c.open_alpha(0.8);
    for (x, y, r) in [
        (640.0, 200.0, 16.0),
        (690.0, 180.0, 22.0),
        (700.0, 230.0, 18.0),
        (750.0, 200.0, 26.0),
        (760.0, 150.0, 14.0),
        (740.0, 260.0, 14.0),
        (800.0, 240.0, 18.0),
        (810.0, 180.0, 12.0),
    ] {
        c.circle(x, y, r, &k.pll);
    }
    c.close();
    c.path("M360 330C360 270 420 245 480 245C540 245 600 270 600 330Z", &k.steel);
    c.rect(440, 180, 520, 255, 12, &k.ink);
    c.rect(515, 196, 630, 212, 6, &k.a);
    c.rect(360, 310, 600, 790, 22, &k.p);
    c.rect(355, 302, 605, 326, 8, &k.steeld);
    c.rect(355, 770, 605, 796, 8, &k.steeld);
    c.rect(360, 420, 600, 670, 0, &k.white);
    c.rect(360, 440, 600, 480, 0, &k.pd);
    c.circle(480, 570, 54, &k.a);
    c.rect(400, 632, 560, 648, 6, &k.line);
    c.rect(380, 340, 400, 760, 10, &k.pl);
}

fn pump(c: &mut Canvas, k: &Pal) {
    c.stroke("M525 700C640 690 700 560 690 420C684 330 650 300 610 330", &k.ink, 16);
    c.rect(580, 300, 640, 350, 12, &k.s);
    c.rect(470, 170, 490, 270, 4, &k.steel);
    c.rect(320, 145, 640, 195, 24, &k.ink);
    c.rect(320, 145, 400, 195, 24, &k.s);
    c.rect(560, 145, 640, 195, 24, &k.s);
    c.rect(435, 255, 525, 770, 22, &k.p);
    c.rect(452, 270, 466, 740, 7, &k.pl);
    c.path("M250 800L290 750L670 750L710 800Z", &k.ink);
    c.circle(480, 680, 82, &k.white);
    let _ = write!(c.out, r#"<circle cx="480" cy="680" r="82" fill="none" stroke="{}" stroke-width="12"/>"#, k.ink);
    let _ = write!(c.out, r#"<path d="M420 715A68 68 0 1 1 540 715" fill="none" stroke="{}" stroke-width="8" stroke-dasharray="4 14"/>"#, k.inkl);
    c.stroke("M480 680L525 635", &k.a, 10);
    c.circle(480, 680, 12, &k.ink);
}

// =============================================================================================
// Bicycle parts, wear and nutrition.

fn cycle_helmet(c: &mut Canvas, k: &Pal) {
    c.stroke("M420 560L480 720L640 575", &k.ink, 12);
    c.rect(455, 700, 505, 735, 8, &k.s);
    let shell = "M170 560C170 380 330 250 520 250C690 250 800 360 790 520C786 556 762 578 722 578L620 578C580 560 540 545 480 545L250 560Q200 578 170 560Z";
    c.path(shell, &k.p);
    c.open_clip("cycle-helmet-shell", shell);
    c.stroke("M160 560L480 530C560 530 620 565 740 570", &k.white, 34);
    for (d, w) in [
        ("M270 420C330 340 420 300 520 300", 30),
        ("M300 490C380 410 470 380 580 380", 30),
        ("M600 300C680 320 740 380 760 440", 26),
        ("M620 400C680 420 720 460 740 500", 24),
    ] {
        c.stroke(d, &k.ink, w);
    }
    c.close();
    c.circle(196, 585, 24, &k.s);
}

fn bag(c: &mut Canvas, k: &Pal) {
    c.stroke("M400 330C400 250 560 250 560 330", &k.ink, 26);
    c.rect(220, 360, 740, 770, 70, &k.p);
    c.rect(240, 320, 720, 420, 50, &k.pd);
    c.rect(280, 560, 680, 730, 32, &k.pd);
    c.stroke("M310 590L650 590", &k.steel, 8);
    for x in [330.0, 580.0] {
        c.rect(x, 320, x + 50.0, 770, 8, &k.s);
        c.rect(x - 6.0, 470, x + 56.0, 512, 8, &k.a);
    }
}

fn phone_holder(c: &mut Canvas, k: &Pal) {
    handlebar(c, k, 700.0);
    c.rect(440, 680, 520, 776, 14, &k.ink);
    c.rect(462, 560, 498, 690, 8, &k.s);
    c.circle(480, 560, 36, &k.s);
    c.rect(355, 230, 605, 580, 34, &k.p);
    c.rect(375, 200, 585, 600, 34, &k.ink);
    c.rect(390, 225, 570, 575, 22, &k.pll);
    c.stroke("M390 330L570 300M450 225L470 575M390 480L570 500", &k.white, 14);
    c.stroke("M430 560L455 420L520 360L540 260", &k.a, 12);
    c.circle(540, 258, 18, &k.a);
    for (x, y) in [(360.0, 190.0), (600.0, 190.0), (360.0, 610.0), (600.0, 610.0)] {
        c.rect(x - 30.0, y - 30.0, x + 30.0, y + 30.0, 16, &k.p);
    }
}

fn tyre(c: &mut Canvas, k: &Pal) {
    let (cx, cy) = (480.0, 470.0);
    for i in 0..48 {
        let a = f64::from(i) * 7.5;
        let _ = write!(
            c.out,
            r#"<rect x="{}" y="{}" width="36" height="30" rx="6" transform="rotate({a} {cx} {cy})" fill="{}"/>"#,
            n(cx - 18.0),
            n(cy - 328.0),
            k.ink
        );
    }
    c.path(&format!("{}{}", circle_d(cx, cy, 310.0), circle_d(cx, cy, 215.0)), &k.ink);
    let _ = write!(c.out, r#"<circle cx="{cx}" cy="{cy}" r="262" fill="none" stroke="{}" stroke-width="22"/>"#, k.p);
    let _ = write!(c.out, r#"<circle cx="{cx}" cy="{cy}" r="236" fill="none" stroke="{}" stroke-width="8" stroke-dasharray="70 40"/>"#, k.inkl);
    let _ = write!(c.out, r#"<circle cx="{cx}" cy="{cy}" r="290" fill="none" stroke="{}" stroke-width="6"/>"#, k.inkl);
}

/// A flat pedal from above, screwed into the end of a crank arm so it reads as a bicycle's.
fn pedal(c: &mut Canvas, k: &Pal) {
    c.path("M132 500L212 500L196 170Q172 140 148 170Z", &k.ink);
    c.circle(172, 470, 44, &k.ink);
    c.circle(172, 190, 24, &k.steeld);
    c.rect(190, 440, 340, 500, 10, &k.steel);
    c.rect(230, 428, 280, 512, 6, &k.steeld);
    let body = format!(
        "M380 300L700 300Q760 300 760 360L760 580Q760 640 700 640L380 640Q320 640 320 580L320 360Q320 300 380 300Z{}{}",
        "M390 360L510 360Q525 360 525 375L525 430L390 430Q375 430 375 415L375 375Q375 360 390 360Z",
        "M570 510L690 510Q705 510 705 525L705 565Q705 580 690 580L570 580Q555 580 555 565L555 525Q555 510 570 510Z"
    );
    c.path(&body, &k.p);
    c.path("M390 510L510 510L525 525L525 580L390 580Q375 580 375 565L375 525Q375 510 390 510Z", &k.pd);
    c.path("M570 360L690 360Q705 360 705 375L705 430L555 430L555 375Q555 360 570 360Z", &k.pd);
    c.rect(320, 442, 760, 498, 10, &k.pd);
    for x in [350.0, 440.0, 530.0, 620.0, 730.0] {
        c.circle(x, 325, 11, &k.ink);
        c.circle(x, 615, 11, &k.ink);
    }
    c.circle(775, 470, 36, &k.steeld);
}

fn bike_light(c: &mut Canvas, k: &Pal) {
    let beam = c.linear("light-beam", (600, 0, 920, 0), &[(0.0, &k.a, 0.55), (1.0, &k.a, 0.0)]);
    c.path("M600 420L930 250L930 730L600 560Z", &beam);
    c.rect(150, 590, 480, 650, 30, &k.steel);
    c.rect(290, 540, 350, 680, 14, &k.ink);
    c.rect(200, 410, 570, 560, 64, &k.p);
    c.rect(230, 430, 540, 446, 8, &k.pl);
    c.rect(330, 390, 400, 420, 10, &k.a);
    c.rect(520, 395, 610, 575, 34, &k.ink);
    c.ellipse(606, 485, 24, 74, &k.white);
    c.circle(260, 510, 10, &k.a);
}

fn bottle_cage(c: &mut Canvas, k: &Pal) {
    c.rect(445, 168, 515, 226, 14, &k.inkl);
    c.rect(405, 215, 555, 292, 20, &k.ink);
    c.rect(350, 275, 610, 795, 64, &k.p);
    c.rect(350, 430, 610, 470, 0, &k.pd);
    c.rect(375, 300, 395, 760, 10, &k.pl);
    c.stroke("M560 520C520 560 520 620 560 660", &k.white, 16);
    for d in ["M372 792L360 470", "M588 792L600 470", "M360 470C400 430 560 430 600 470", "M372 792L588 792"] {
        c.stroke(d, &k.steeld, 22);
    }
    c.circle(480, 600, 14, &k.steeld);
    c.circle(480, 720, 14, &k.steeld);
}

fn lock(c: &mut Canvas, k: &Pal) {
    c.stroke("M360 560L360 340A120 120 0 0 1 600 340L600 560", &k.steel, 58);
    c.stroke("M347 540L347 340A133 133 0 0 1 470 207", &k.steell, 12);
    c.rect(250, 540, 710, 660, 40, &k.p);
    c.rect(250, 540, 330, 660, 34, &k.s);
    c.rect(630, 540, 710, 660, 34, &k.s);
    c.rect(270, 556, 690, 570, 7, &k.pl);
    c.circle(480, 592, 18, &k.ink);
    c.rect(473, 590, 487, 630, 4, &k.ink);
    let _ = write!(c.out, r#"<circle cx="712" cy="742" r="32" fill="none" stroke="{}" stroke-width="24"/>"#, k.a);
    c.rect(560, 732, 686, 752, 4, &k.steel);
    c.path("M570 752L570 772L590 772L590 762L610 762L610 772L630 772L630 752Z", &k.steel);
}

fn cycle_computer(c: &mut Canvas, k: &Pal) {
    handlebar(c, k, 700.0);
    c.rect(440, 610, 520, 740, 12, &k.ink);
    c.rect(290, 210, 670, 640, 72, &k.p);
    c.rect(336, 262, 624, 520, 26, &k.pll);
    digit(c, 370.0, 295.0, 130.0, 2, &k.ink);
    digit(c, 460.0, 295.0, 130.0, 8, &k.ink);
    c.rect(545, 405, 560, 425, 3, &k.ink);
    digit(c, 570.0, 345.0, 80.0, 4, &k.ink);
    for (i, h) in [30.0, 50.0, 40.0, 64.0, 44.0, 24.0].into_iter().enumerate() {
        let x = 370.0 + 40.0 * i as f64;
        c.rect(x, 500.0 - h, x + 26.0, 500, 3, &k.pd);
    }
    c.rect(415, 560, 545, 600, 20, &k.pd);
    c.rect(670, 300, 690, 380, 8, &k.pd);
}

fn energy_gel(c: &mut Canvas, k: &Pal) {
    for (x, y, turn, body) in [(370.0, 480.0, -12.0, &k.s), (560.0, 500.0, 9.0, &k.p)] {
        c.open(&format!("translate({} {}) rotate({turn})", n(x), n(y)));
        c.rect(-28, -265, 28, -190, 8, &k.ink);
        c.rect(-40, -290, 40, -250, 10, &k.inkl);
        let mut d = String::from("M-120 -190");
        for i in 0..12 {
            let x = -120.0 + 20.0 * f64::from(i);
            let _ = write!(d, "L{} -200L{} -190", n(x + 10.0), n(x + 20.0));
        }
        d.push_str("L120 270");
        for i in 0..12 {
            let x = 120.0 - 20.0 * f64::from(i);
            let _ = write!(d, "L{} 280L{} 270", n(x - 10.0), n(x - 20.0));
        }
        d.push('Z');
        c.path(&d, body);
        c.rect(-120, -150, 120, -115, 0, &k.pd);
        c.rect(-95, -70, 95, 150, 22, &k.white);
        c.circle(0, 30, 52, &k.a);
        leaf(c, (10.0, -22.0), 54.0, -40.0, &k.sl);
        c.close();
    }
}

fn sports_drink(c: &mut Canvas, k: &Pal) {
    c.open("rotate(-14 270 660)");
    c.rect(215, 500, 325, 800, 10, &k.s);
    c.rect(215, 500, 325, 520, 0, &k.sl);
    c.rect(215, 780, 325, 800, 0, &k.sl);
    c.rect(235, 600, 305, 680, 10, &k.white);
    c.close();
    c.rect(432, 165, 528, 222, 10, &k.a);
    c.rect(438, 222, 522, 242, 4, &k.steel);
    let body = "M445 242L515 242C520 300 610 320 610 385L610 760C610 786 594 800 568 800L392 800C366 800 350 786 350 760L350 385C350 320 440 300 445 242Z";
    c.path(body, &k.pll);
    c.rect(372, 330, 390, 760, 9, &k.white);
    c.rect(350, 470, 610, 660, 0, &k.p);
    c.path("M350 600C420 560 480 640 610 580L610 660L350 660Z", &k.pd);
    c.path("M480 500C505 535 520 555 520 575A40 40 0 0 1 440 575C440 555 455 535 480 500Z", &k.white);
    c.rect(350, 408, 610, 416, 0, &k.pl);
    c.rect(350, 716, 610, 724, 0, &k.pl);
}

// =============================================================================================
// Laboratory.

fn balance(c: &mut Canvas, k: &Pal) {
    c.rect(220, 590, 740, 795, 26, &k.white);
    c.path("M220 680L740 680L740 770Q740 795 715 795L245 795Q220 795 220 770Z", &k.p);
    c.rect(415, 698, 615, 770, 10, &k.ink);
    for (i, value) in [1, 2, 5, 0].into_iter().enumerate() {
        digit(c, 440.0 + 42.0 * i as f64, 708.0, 52.0, value, &k.pll);
    }
    for x in [270.0, 330.0, 670.0] {
        c.circle(x, 735, 18, &k.pll);
    }
    c.rect(470, 560, 490, 596, 4, &k.steeld);
    c.ellipse(480, 560, 130, 24, &k.steel);
    c.rect(448, 490, 512, 552, 10, &k.pll);
    c.rect(440, 480, 520, 496, 6, &k.pl);
    c.open_alpha(0.3);
    c.rect(255, 250, 705, 592, 8, &k.pll);
    c.close();
    for d in ["M255 592L255 250L705 250L705 592", "M255 250L705 250"] {
        c.stroke(d, &k.s, 12);
    }
    c.rect(430, 226, 530, 250, 8, &k.s);
    c.stroke("M300 290L300 540", &k.white, 8);
}

fn ph_meter(c: &mut Canvas, k: &Pal) {
    c.stroke("M470 250C510 150 650 150 650 250", &k.ink, 12);
    c.rect(620, 240, 680, 330, 12, &k.ink);
    c.open_alpha(0.75);
    c.rect(628, 330, 672, 700, 22, &k.pll);
    c.circle(650, 712, 32, &k.pll);
    c.close();
    c.rect(644, 340, 656, 700, 6, &k.line);
    c.circle(650, 712, 12, &k.a);
    c.rect(240, 240, 520, 740, 54, &k.p);
    c.rect(280, 290, 480, 460, 16, &k.pll);
    digit(c, 300.0, 320.0, 100.0, 7, &k.ink);
    c.rect(368, 408, 380, 420, 2, &k.ink);
    digit(c, 392.0, 320.0, 100.0, 0, &k.ink);
    for x in [310.0, 380.0, 450.0] {
        c.circle(x, 530, 24, &k.white);
    }
    c.rect(295, 600, 465, 650, 24, &k.s);
}

fn stirrer(c: &mut Canvas, k: &Pal) {
    c.path("M230 640L730 640L765 795L195 795Z", &k.p);
    c.rect(220, 612, 740, 652, 14, &k.white);
    c.circle(310, 718, 38, &k.white);
    c.stroke("M310 718L310 690", &k.ink, 8);
    c.rect(540, 695, 680, 745, 8, &k.ink);
    digit(c, 560.0, 703.0, 34.0, 6, &k.pll);
    digit(c, 590.0, 703.0, 34.0, 0, &k.pll);
    digit(c, 620.0, 703.0, 34.0, 0, &k.pll);
    c.circle(420, 720, 10, &k.a);
    let flask = "M440 268L520 268L520 380L640 580C650 600 640 612 620 612L340 612C320 612 310 600 320 580L440 380Z";
    c.open_alpha(0.55);
    c.path(flask, &k.white);
    c.close();
    c.path("M386 470L574 470L632 585C638 600 632 608 620 608L340 608C328 608 322 600 328 585Z", &k.pl);
    c.path("M386 470L574 470L560 478C520 500 500 540 480 560C460 540 440 500 400 478Z", &k.pll);
    c.rect(440, 586, 520, 602, 8, &k.white);
    c.stroke(flask, &k.line, 8);
    c.rect(430, 255, 530, 275, 8, &k.line);
}

fn beakers(c: &mut Canvas, k: &Pal) {
    for (x, y, w, h, level) in [(230.0, 250.0, 320.0, 540.0, 0.55), (560.0, 500.0, 190.0, 290.0, 0.4)] {
        let body = format!(
            "M{x0} {y0}L{x0} {yb}Q{x0} {y1} {xr} {y1}L{xl} {y1}Q{x1} {y1} {x1} {yb}L{x1} {y0}Z",
            x0 = n(x),
            y0 = n(y),
            x1 = n(x + w),
            y1 = n(y + h),
            yb = n(y + h - 24.0),
            xr = n(x + 24.0),
            xl = n(x + w - 24.0)
        );
        let top = y + h * (1.0 - level);
        c.open_alpha(0.6);
        c.path(&body, &k.white);
        c.close();
        c.open_clip(&format!("beaker-{}", x as i32), &body);
        c.rect(x, top, x + w, y + h, 0, &k.p);
        c.rect(x, top, x + w, top + 14.0, 0, &k.pl);
        c.close();
        for i in 1..6 {
            let mark = y + h - h * 0.15 * f64::from(i);
            c.stroke(&format!("M{} {}L{} {}", n(x + 20.0), n(mark), n(x + if i % 2 == 0 { 70.0 } else { 46.0 }), n(mark)), &k.ink, 6);
        }
        c.stroke(&format!("M{} {}L{} {}", n(x - 22.0), n(y - 14.0), n(x), n(y + 10.0)), &k.line, 10);
        c.stroke(&body, &k.line, 10);
        c.stroke(&format!("M{} {}L{} {}", n(x + w - 26.0), n(y + 40.0), n(x + w - 26.0), n(y + h - 40.0)), &k.white, 10);
    }
}

fn pipette_tips(c: &mut Canvas, k: &Pal) {
    // The tips stand point-down in the rack; one lies in front to show its shape.
    let tip = |c: &mut Canvas, x: f64, y: f64, scale: f64, turn: f64, fill: &str| {
        c.open(&format!("translate({} {}) rotate({turn}) scale({})", n(x), n(y), n(scale)));
        let outline = "M-30 0L30 0L30 40L22 48L8 300L0 330L-8 300L-22 48L-30 40Z";
        c.path(outline, fill);
        c.stroke(outline, &k.line, 5);
        c.rect(-30, 0, 30, 10, 3, &k.line);
        c.close();
    };
    c.open_alpha(0.5);
    c.path("M200 440L600 440L650 190L250 190Z", &k.pll);
    c.close();
    c.stroke("M200 440L250 190L650 190L600 440", &k.line, 8);
    c.path("M200 440L600 440L630 520L170 520Z", &k.pl);
    for row in 0..2 {
        for i in 0..7 {
            let y = 440.0 + 40.0 * f64::from(row);
            let x = 230.0 - 15.0 * f64::from(row) + (57.0 + 4.0 * f64::from(row)) * f64::from(i);
            tip(c, x, y - 80.0, 0.7, 0.0, &k.white);
        }
    }
    c.rect(170, 520, 630, 790, 22, &k.p);
    c.rect(170, 520, 630, 550, 0, &k.pd);
    c.rect(215, 600, 585, 720, 20, &k.pl);
    tip(c, 720.0, 300.0, 1.45, 10.0, &k.white);
}

// =============================================================================================
// Tableware and tea.

fn bowl(c: &mut Canvas, k: &Pal) {
    let body = "M240 380C250 560 340 690 480 700C620 690 710 560 720 380Z";
    c.path("M405 690L555 690L565 740L395 740Z", &k.woodl);
    c.path(body, &k.p);
    c.open_clip("bowl-body", body);
    for i in -6..=6 {
        let x = 480.0 + 40.0 * f64::from(i);
        c.stroke(&format!("M{} 420L{} 700", n(x), n(480.0 + (x - 480.0) * 0.5)), &k.pl, 8);
    }
    c.close();
    c.ellipse(480, 380, 240, 56, &k.pd);
    c.ellipse(480, 386, 224, 46, &k.white);
    c.ellipse(480, 400, 170, 28, &k.pll);
}

fn plate(c: &mut Canvas, k: &Pal) {
    c.ellipse(480, 530, 340, 235, &k.line);
    c.ellipse(480, 510, 340, 235, &k.white);
    let _ = write!(c.out, r#"<ellipse cx="480" cy="512" rx="240" ry="162" fill="none" stroke="{}" stroke-width="10"/>"#, k.p);
    c.ellipse(480, 515, 230, 155, &k.steell);
    c.open("translate(480 515) scale(1 0.68)");
    flower(c, (0.0, 0.0), 130.0, 8, 0.0, &k.p, &k.white);
    flower(c, (0.0, 0.0), 60.0, 8, 22.5, &k.pl, &k.p);
    c.close();
    for i in 0..24 {
        let a = f64::from(i) * 15.0_f64.to_radians();
        c.circle(480.0 + 290.0 * a.cos(), 510.0 + 199.0 * a.sin(), 14, &k.p);
    }
}

fn yunomi(c: &mut Canvas, k: &Pal) {
    let body = "M330 300L630 300L605 725C603 745 588 755 568 755L392 755C372 755 357 745 355 725Z";
    c.rect(400, 740, 560, 775, 6, &k.woodl);
    c.path(body, &k.white);
    c.open_clip("yunomi-body", body);
    c.rect(300, 340, 660, 370, 0, &k.p);
    c.rect(300, 680, 660, 706, 0, &k.p);
    c.stroke("M320 520C380 450 420 590 480 520C540 450 580 590 640 520", &k.p, 14);
    for (x, y, turn) in [(372.0, 490.0, -130.0), (424.0, 552.0, 60.0), (532.0, 488.0, -60.0), (588.0, 552.0, 120.0), (480.0, 520.0, -100.0)] {
        leaf(c, (x, y), 62.0, turn, &k.p);
    }
    for (x, y) in [(420.0, 610.0), (560.0, 430.0), (640.0, 610.0), (330.0, 430.0)] {
        c.circle(x, y, 11, &k.p);
    }
    c.close();
    c.ellipse(480, 300, 150, 34, &k.line);
    c.ellipse(480, 306, 136, 26, &k.a);
    c.path("M330 300L355 725", &k.line);
}

fn chasen(c: &mut Canvas, k: &Pal) {
    c.rect(428, 560, 532, 790, 20, &k.wood);
    c.rect(428, 700, 532, 712, 0, &k.woodd);
    for i in 0..=20 {
        let t = f64::from(i) / 10.0 - 1.0;
        let d = format!("M{} 560C{} 470 {} 300 {} 230", n(480.0 + 40.0 * t), n(480.0 + 270.0 * t), n(480.0 + 250.0 * t), n(480.0 + 110.0 * t));
        c.stroke(&d, if i % 2 == 0 { &k.woodl } else { &k.wood }, 9);
    }
    for i in 0..=10 {
        let t = f64::from(i) / 5.0 - 1.0;
        c.stroke(&format!("M{} 540C{} 460 {} 360 {} 320", n(480.0 + 30.0 * t), n(480.0 + 120.0 * t), n(480.0 + 100.0 * t), n(480.0 + 40.0 * t)), &k.woodd, 7);
    }
    let _ = write!(c.out, r#"<ellipse cx="480" cy="530" rx="80" ry="16" fill="none" stroke="{}" stroke-width="16"/>"#, k.p);
    c.rect(424, 556, 536, 576, 6, &k.p);
}

fn matcha_tin(c: &mut Canvas, k: &Pal) {
    c.rect(330, 330, 630, 770, 18, &k.p);
    c.rect(320, 270, 640, 360, 18, &k.pd);
    c.rect(340, 282, 360, 350, 8, &k.pl);
    c.rect(370, 430, 590, 690, 10, &k.white);
    c.circle(480, 530, 62, &k.a);
    c.rect(465, 610, 495, 670, 4, &k.p);
    c.path("M190 790C400 770 600 745 770 700L776 714C610 762 400 786 195 804Z", &k.wood);
    c.ellipse(775, 706, 28, 14, &k.woodd);
}

// =============================================================================================
// Wear.

/// A jacket (zip, reflective band) or a long-sleeved polo shirt (collar, placket) seen from the
/// front: they share the cut.
fn top(c: &mut Canvas, k: &Pal, polo: bool) {
    let sleeve = "M335 232L250 268C212 288 196 330 190 380L165 700L255 712L285 420L300 300Z";
    let mirrored = "M625 232L710 268C748 288 764 330 770 380L795 700L705 712L675 420L660 300Z";
    c.path(sleeve, &k.p);
    c.path(mirrored, &k.p);
    c.path("M165 700L255 712L250 770L160 758Z", &k.pd);
    c.path("M795 700L705 712L710 770L800 758Z", &k.pd);
    c.path("M335 225L625 225L662 300L672 770L288 770L298 300Z", &k.p);
    c.rect(288, 730, 672, 775, 12, &k.pd);
    if polo {
        c.rect(455, 230, 505, 420, 6, &k.pd);
        for y in [270.0, 320.0, 370.0] {
            c.circle(480, y, 9, &k.white);
        }
        c.path("M400 215L480 240L440 320L372 250Z", &k.pd);
        c.path("M560 215L480 240L520 320L588 250Z", &k.pd);
        c.rect(340, 330, 420, 420, 8, &k.pd);
    } else {
        c.path("M395 198L565 198L592 250L480 300L368 250Z", &k.s);
        c.rect(475, 290, 485, 770, 2, &k.steel);
        c.rect(466, 300, 494, 340, 6, &k.steeld);
        c.rect(292, 440, 668, 476, 0, &k.a);
        c.path("M183 520L278 530L275 566L179 556Z", &k.a);
        c.path("M777 520L682 530L685 566L781 556Z", &k.a);
        c.rect(350, 340, 440, 370, 6, &k.pd);
        c.rect(520, 340, 610, 370, 6, &k.pd);
        c.stroke("M340 640L390 560M620 640L570 560", &k.pd, 10);
    }
}

fn cargo_pants(c: &mut Canvas, k: &Pal) {
    c.path("M320 250L640 250L668 790L515 790L480 390L445 790L292 790Z", &k.p);
    c.rect(316, 200, 644, 258, 10, &k.pd);
    for x in [350.0, 430.0, 520.0, 600.0] {
        c.rect(x, 196, x + 14.0, 268, 4, &k.s);
    }
    c.stroke("M480 258L480 390", &k.pd, 8);
    c.stroke("M340 265C360 300 390 310 410 320M620 265C600 300 570 310 550 320", &k.pd, 8);
    for (x1, x2) in [(300.0, 400.0), (560.0, 660.0)] {
        c.rect(x1, 480, x2, 620, 12, &k.pd);
        c.rect(x1 - 6.0, 468, x2 + 6.0, 510, 10, &k.s);
    }
    c.rect(292, 748, 445, 790, 4, &k.pd);
    c.rect(515, 748, 668, 790, 4, &k.pd);
}

fn safety_shoe(c: &mut Canvas, k: &Pal) {
    c.path("M150 700C150 660 180 640 230 640L790 640C820 640 830 670 830 700L830 720C830 740 815 752 795 752L185 752C162 752 150 738 150 718Z", &k.ink);
    c.rect(150, 640, 830, 700, 24, &k.white);
    c.path("M170 650C160 560 220 520 320 505L470 470C520 440 560 360 600 330L720 320C760 330 790 380 800 450L812 650Z", &k.p);
    c.path("M170 650C165 580 210 540 300 528L350 526L350 650Z", &k.s);
    c.path("M600 332C640 302 700 302 722 322L716 352C680 342 640 342 605 352Z", &k.ink);
    for i in 0..4 {
        let (x, y) = (455.0 + 40.0 * f64::from(i), 485.0 - 38.0 * f64::from(i));
        c.stroke(&format!("M{} {}L{} {}", n(x - 20.0), n(y - 24.0), n(x + 24.0), n(y + 22.0)), &k.white, 12);
    }
    c.path("M420 620C520 560 640 560 770 520L775 560C650 600 540 610 430 650Z", &k.a);
    c.rect(780, 420, 818, 600, 14, &k.s);
}

fn hard_hat(c: &mut Canvas, k: &Pal) {
    c.stroke("M300 640C330 760 630 760 660 640", &k.ink, 10);
    c.path("M250 600C250 390 360 250 500 250C640 250 740 380 740 600Z", &k.p);
    c.stroke("M272 560C272 410 372 282 500 282C628 282 716 410 716 560", &k.pl, 24);
    c.path("M190 600C300 584 640 584 820 612C822 642 790 652 740 650L215 642C185 642 180 614 190 600Z", &k.p);
    c.path("M215 628L740 636C790 638 812 632 818 624C812 646 790 652 740 650L215 642C195 642 188 634 188 626Z", &k.pd);
    c.rect(400, 430, 520, 520, 16, &k.white);
    c.rect(448, 445, 472, 505, 3, &k.s);
    c.rect(430, 463, 490, 487, 3, &k.s);
    for (x, y) in [(600.0, 330.0), (640.0, 380.0)] {
        c.circle(x, y, 12, &k.pd);
    }
}

// =============================================================================================
// Hula and Hawaiian goods.

/// Hibiscus prints scattered over a garment's shape.
fn prints(c: &mut Canvas, k: &Pal, id: &str, shape: &str, spots: &[(f64, f64)]) {
    c.open_clip(id, shape);
    for (i, &(x, y)) in spots.iter().enumerate() {
        let turn = 37.0 * i as f64;
        leaf(c, (x, y), 80.0, turn + 100.0, &k.s);
        flower(c, (x, y), 58.0, 5, turn, &k.white, &k.a);
    }
    c.close();
}

fn pau_skirt(c: &mut Canvas, k: &Pal) {
    let mut skirt = String::from("M330 262L630 262L770 740");
    for i in 0..10 {
        let x = 770.0 - 59.0 * f64::from(i);
        let _ = write!(skirt, "Q{} 800 {} 770", n(x - 29.5), n(x - 59.0));
    }
    skirt.push('Z');
    c.path(&skirt, &k.p);
    prints(c, k, "pau-prints", &skirt, &[(420.0, 360.0), (580.0, 420.0), (330.0, 560.0), (500.0, 600.0), (670.0, 650.0), (300.0, 730.0)]);
    c.stroke("M285 430Q480 455 675 430", &k.pd, 10);
    c.stroke("M238 600Q480 630 722 600", &k.pd, 10);
    c.rect(322, 196, 638, 272, 14, &k.pd);
    for y in [212.0, 230.0, 248.0] {
        c.rect(330, y, 630, y + 6.0, 3, &k.p);
    }
}

fn muumuu(c: &mut Canvas, k: &Pal) {
    let dress = "M400 180C430 215 530 215 560 180L640 200L705 285L640 335L622 318L628 480C670 620 718 710 768 790L192 790C242 710 290 620 332 480L338 318L320 335L255 285L320 200Z";
    c.path(dress, &k.p);
    prints(c, k, "muumuu-prints", dress, &[(420.0, 300.0), (560.0, 380.0), (400.0, 520.0), (560.0, 610.0), (330.0, 700.0), (660.0, 740.0), (480.0, 760.0)]);
    c.stroke("M338 440Q480 462 622 440", &k.pd, 10);
    let mut hem = String::from("M222 740");
    for i in 0..9 {
        let x = 222.0 + 57.3 * f64::from(i);
        let _ = write!(hem, "Q{} 715 {} 740", n(x + 28.6), n(x + 57.3));
    }
    c.stroke(&hem, &k.pd, 12);
}

fn lei(c: &mut Canvas, k: &Pal) {
    let (cx, cy, rx, ry) = (480.0, 450.0, 250.0, 300.0);
    let count = 20;
    for i in 0..count {
        let a = std::f64::consts::TAU * f64::from(i) / f64::from(count) + 0.16;
        leaf(c, (cx + rx * a.cos(), cy + ry * a.sin()), 90.0, f64::from(i) * 53.0, &k.s);
    }
    for i in 0..count {
        let a = std::f64::consts::TAU * f64::from(i) / f64::from(count);
        let (petal, heart) = if i % 2 == 0 { (&k.p, &k.white) } else { (&k.white, &k.p) };
        flower(c, (cx + rx * a.cos(), cy + ry * a.sin()), 72.0, 5, f64::from(i) * 29.0, petal, heart);
    }
    c.path("M480 750L430 810L470 800Z", &k.s);
    c.path("M480 750L530 810L490 800Z", &k.s);
}

fn quilt(c: &mut Canvas, k: &Pal) {
    c.rect(200, 190, 760, 750, 12, &k.white);
    let _ = write!(c.out, r#"<rect x="228" y="218" width="504" height="504" rx="6" fill="none" stroke="{}" stroke-width="24"/>"#, k.p);
    let lobe = "M0 -40C50 -90 100 -160 62 -215C40 -240 12 -228 0 -200C-12 -228 -40 -240 -62 -215C-100 -160 -50 -90 0 -40Z";
    for i in 0..8 {
        let _ =
            write!(c.out, r#"<path d="{lobe}" transform="translate(480 470) rotate({}) scale(1.16)" fill="none" stroke="{}" stroke-width="4"/>"#, 45 * i, k.pl);
    }
    for i in 0..8 {
        let _ = write!(c.out, r#"<path d="{lobe}" transform="translate(480 470) rotate({})" fill="{}"/>"#, 45 * i, k.p);
    }
    c.circle(480, 470, 52, &k.p);
    c.circle(480, 470, 22, &k.white);
    for (x, y) in [(270.0, 260.0), (690.0, 260.0), (270.0, 680.0), (690.0, 680.0)] {
        c.circle(x, y, 16, &k.s);
    }
}

fn coffee(c: &mut Canvas, k: &Pal) {
    c.path("M310 270L650 270L672 760C672 780 656 792 636 792L324 792C304 792 288 780 288 760Z", &k.woodl);
    let mut top = String::from("M300 230");
    for i in 0..18 {
        let x = 300.0 + 20.0 * f64::from(i);
        let _ = write!(top, "L{} 220L{} 230", n(x + 10.0), n(x + 20.0));
    }
    top.push_str("L660 290L300 290Z");
    c.path(&top, &k.wood);
    c.circle(480, 340, 20, &k.line);
    c.rect(330, 410, 630, 650, 22, &k.p);
    c.ellipse(480, 520, 62, 84, &k.white);
    c.stroke("M480 440C450 490 510 550 480 600", &k.p, 12);
    c.rect(360, 680, 600, 696, 8, &k.wood);
    let roast = hex(mix(rgb(&k.ink), rgb(&k.wood), 0.35));
    for (x, y, turn) in [(230.0, 760.0, 20.0), (300.0, 800.0, -30.0), (690.0, 770.0, 60.0), (760.0, 800.0, 10.0), (620.0, 810.0, -20.0), (200.0, 810.0, 80.0)] {
        c.open(&format!("rotate({turn} {} {})", n(x), n(y)));
        c.ellipse(x, y, 34, 24, &roast);
        c.stroke(&format!("M{} {}C{} {} {} {} {} {}", n(x - 26.0), n(y), n(x - 8.0), n(y - 10.0), n(x + 8.0), n(y + 10.0), n(x + 26.0), n(y)), &k.ink, 5);
        c.close();
    }
}

// =============================================================================================
// Furniture and interior.

fn sofa(c: &mut Canvas, k: &Pal) {
    for x in [215.0, 715.0] {
        c.path(&format!("M{} 700L{} 700L{} 790L{} 790Z", n(x), n(x + 30.0), n(x + 24.0), n(x + 8.0)), &k.woodd);
    }
    c.rect(200, 290, 760, 580, 50, &k.pd);
    for x in [235.0, 400.0, 565.0] {
        c.rect(x, 310, x + 160.0, 560, 38, &k.p);
    }
    c.rect(225, 540, 735, 660, 26, &k.p);
    c.rect(390, 550, 398, 650, 3, &k.pd);
    c.rect(562, 550, 570, 650, 3, &k.pd);
    c.rect(205, 650, 755, 705, 18, &k.pd);
    c.rect(145, 420, 265, 705, 48, &k.pd);
    c.rect(695, 420, 815, 705, 48, &k.pd);
    c.rect(145, 420, 265, 470, 25, &k.pl);
    c.rect(695, 420, 815, 470, 25, &k.pl);
    c.open("rotate(-10 330 490)");
    c.rect(265, 425, 395, 555, 30, &k.a);
    c.close();
}

fn low_table(c: &mut Canvas, k: &Pal) {
    c.rect(265, 520, 295, 690, 6, &k.woodd);
    c.rect(665, 520, 695, 690, 6, &k.woodd);
    c.path("M230 420L730 420L840 520L120 520Z", &k.woodl);
    c.rect(120, 520, 840, 562, 6, &k.wood);
    c.rect(165, 560, 205, 795, 6, &k.wood);
    c.rect(755, 560, 795, 795, 6, &k.wood);
    c.stroke("M300 440L660 440M250 480L720 480", &k.wood, 4);
    c.stroke("M600 300C580 250 560 210 520 190M610 300C640 260 660 230 700 215", &k.s, 8);
    leaf(c, (520.0, 190.0), 50.0, 200.0, &k.s);
    leaf(c, (700.0, 215.0), 50.0, -30.0, &k.s);
    c.path("M575 470C545 430 555 350 590 320L590 296L625 296L625 320C660 350 670 430 640 470Z", &k.p);
    c.rect(300, 450, 460, 476, 4, &k.p);
    c.rect(315, 428, 445, 452, 4, &k.s);
}

fn shelf(c: &mut Canvas, k: &Pal) {
    c.rect(250, 160, 280, 795, 4, &k.woodd);
    c.rect(680, 160, 710, 795, 4, &k.woodd);
    for y in [180.0, 330.0, 480.0, 630.0, 770.0] {
        c.rect(250, y, 710, y + 24.0, 4, &k.wood);
    }
    for (i, (x, h)) in [(300.0, 120.0), (340.0, 110.0), (376.0, 130.0), (420.0, 100.0)].into_iter().enumerate() {
        let fill = [&k.p, &k.s, &k.a, &k.pl][i];
        c.rect(x, 330.0 - h, x + 34.0, 330, 4, fill);
    }
    c.rect(520, 250, 640, 330, 6, &k.woodl);
    c.path("M330 480L320 420L400 420L390 480Z", &k.p);
    leaf(c, (360.0, 420.0), 60.0, -120.0, &k.s);
    leaf(c, (360.0, 420.0), 56.0, -60.0, &k.s);
    leaf(c, (360.0, 420.0), 50.0, -90.0, &k.s);
    c.rect(480, 440, 660, 462, 3, &k.s);
    c.rect(495, 418, 645, 440, 3, &k.p);
    c.rect(485, 396, 650, 418, 3, &k.a);
    c.rect(300, 545, 460, 630, 10, &k.woodl);
    c.stroke("M310 570L450 570M310 600L450 600", &k.wood, 4);
    c.path("M560 630C535 600 545 560 575 545L575 525L605 525L605 545C635 560 645 600 620 630Z", &k.p);
    c.rect(320, 715, 420, 770, 4, &k.p);
    c.rect(430, 700, 520, 770, 4, &k.s);
    c.rect(560, 690, 660, 770, 10, &k.woodl);
}

fn pendant_light(c: &mut Canvas, k: &Pal) {
    let glow = c.radial("pendant-glow", (480, 640, 300), &[(0.0, &k.white, 0.9), (1.0, &k.white, 0.0)]);
    c.circle(480, 640, 300, &glow);
    let cone = c.linear("pendant-cone", (0, 612, 0, 900), &[(0.0, &k.a, 0.35), (1.0, &k.a, 0.0)]);
    c.path("M272 612L688 612L830 900L130 900Z", &cone);
    c.rect(420, 120, 540, 150, 8, &k.ink);
    c.rect(476, 150, 484, 365, 3, &k.ink);
    c.path("M260 600C270 460 360 360 480 360C600 360 690 460 700 600Z", &k.p);
    c.stroke("M300 560C310 470 370 410 440 390", &k.pl, 14);
    c.rect(255, 588, 705, 612, 10, &k.pd);
    c.ellipse(480, 612, 212, 22, &k.pll);
    c.circle(480, 630, 38, &k.white);
}

fn rug(c: &mut Canvas, k: &Pal) {
    for x in (150..=810).step_by(22) {
        c.stroke(&format!("M{x} 720L{} 770", x - 4), &k.line, 6);
    }
    for x in (270..=690).step_by(20) {
        c.stroke(&format!("M{x} 400L{} 370", x + 2), &k.line, 5);
    }
    c.path("M260 400L700 400L840 720L120 720Z", &k.p);
    let _ = write!(c.out, r#"<path d="M285 428L675 428L795 694L165 694Z" fill="none" stroke="{}" stroke-width="22"/>"#, k.s);
    for (x, w) in [(300.0, 70.0), (480.0, 95.0), (660.0, 70.0)] {
        c.path(&polygon_d(&[(x, 470.0), (x + w, 560.0), (x, 650.0), (x - w, 560.0)]), &k.a);
        c.path(&polygon_d(&[(x, 520.0), (x + w * 0.4, 560.0), (x, 600.0), (x - w * 0.4, 560.0)]), &k.white);
    }
}

fn cushions(c: &mut Canvas, k: &Pal) {
    let shape = "M0 0Q230 40 460 0Q420 200 460 420Q230 380 0 420Q40 200 0 0Z";
    for (x, y, turn, fill, seam) in [(170.0, 230.0, -8.0, &k.s, &k.sl), (300.0, 330.0, 6.0, &k.p, &k.pl)] {
        c.open(&format!("translate({} {}) rotate({turn})", n(x), n(y)));
        c.path(shape, fill);
        for line in 1..8 {
            let ly = 52.0 * f64::from(line);
            c.stroke(&format!("M40 {}Q230 {} 420 {}", n(ly), n(ly + 12.0), n(ly)), seam, 3);
        }
        c.stroke(shape, seam, 8);
        c.close();
    }
    c.circle(536, 540, 14, &k.pd);
}

fn parcel(c: &mut Canvas, k: &Pal) {
    c.path("M220 380L480 300L740 380L740 700L480 790L220 700Z", &k.woodl);
    c.path("M480 460L740 380L740 700L480 790Z", &k.wood);
    c.path("M220 380L480 300L740 380L480 460Z", &k.woodl);
    c.path("M320 350L580 270L640 290L380 370Z", &k.p);
    c.path("M380 370L440 388L440 500L380 480Z", &k.p);
}

// =============================================================================================
// Scenes for the second picture.

/// Where an item is shown in use.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Setting {
    Workshop,
    Road,
    Lab,
    TeaRoom,
    Room,
    Wardrobe,
    Site,
    Beach,
    Studio,
}

impl Setting {
    fn of(kind: Kind) -> Setting {
        use Kind::*;
        match kind {
            LedBulb | Battery | Charger | UsbSocket | Mirror | Grip | Windscreen | PlateBracket | Muffler | SparkPlug | OilCan | Cylinder | BrakePad
            | Chain | Sprocket | SprayCan | Wrench | Pump => Setting::Workshop,
            Helmet | CycleHelmet | Bag | PhoneHolder | Intercom | Tyre | Pedal | BikeLight | BottleCage | Lock | CycleComputer | EnergyGel | SportsDrink => {
                Setting::Road
            }
            Balance | PhMeter | Stirrer | Beaker | PipetteTips => Setting::Lab,
            Bowl | Plate | Yunomi | Chasen | MatchaTin => Setting::TeaRoom,
            Sofa | LowTable | Shelf | PendantLight | Rug | Cushion | Quilt => Setting::Room,
            Jacket | PoloShirt | CargoPants | PauSkirt | Muumuu => Setting::Wardrobe,
            HardHat | SafetyShoe => Setting::Site,
            Lei | Coffee => Setting::Beach,
            Glove | Parcel => Setting::Studio,
        }
    }

    /// Where the item stands: its centre x, the ground y under it, and its scale.
    fn stage(self) -> (f64, f64, f64) {
        match self {
            Setting::Workshop => (480.0, 770.0, 0.66),
            Setting::Road => (480.0, 870.0, 0.62),
            Setting::Lab => (470.0, 745.0, 0.64),
            Setting::TeaRoom => (480.0, 800.0, 0.66),
            Setting::Room => (450.0, 860.0, 0.66),
            Setting::Wardrobe => (480.0, 890.0, 0.66),
            Setting::Site => (430.0, 860.0, 0.62),
            Setting::Beach => (470.0, 880.0, 0.66),
            Setting::Studio => (480.0, 805.0, 0.68),
        }
    }

    fn draw_back(self, c: &mut Canvas, k: &Pal) {
        match self {
            Setting::Workshop => {
                c.rect(0, 0, 960, 960, 0, &hex(mix(rgb(&k.bg), rgb(&k.line), 0.4)));
                c.rect(90, 80, 870, 600, 14, &k.woodl);
                for row in 0..10 {
                    for col in 0..15 {
                        c.circle(130 + 50 * col, 115 + 50 * row, 6, &k.wood);
                    }
                }
                c.stroke("M160 160L160 330", &k.steeld, 22);
                c.path(&format!("{}{}", circle_d(160.0, 140.0, 34.0), circle_d(160.0, 140.0, 16.0)), &k.steeld);
                c.stroke("M800 150L800 330", &k.s, 30);
                c.rect(770, 330, 830, 360, 6, &k.steeld);
                c.rect(0, 720, 960, 960, 0, &k.wood);
                c.rect(0, 720, 960, 744, 0, &k.woodl);
                c.rect(0, 744, 960, 756, 0, &k.woodd);
            }
            Setting::Road => {
                let sky = c.linear("road-sky", (0, 0, 0, 560), &[(0.0, &k.pll, 1.0), (1.0, &k.white, 1.0)]);
                c.rect(0, 0, 960, 960, 0, &sky);
                c.circle(760, 170, 70, &k.white);
                c.ellipse(200, 560, 420, 150, &k.sl);
                c.ellipse(760, 580, 380, 120, &hex(mix(rgb(&k.s), WHITE, 0.65)));
                c.rect(0, 540, 960, 960, 0, &hex(mix(rgb(&k.s), WHITE, 0.75)));
                c.path("M440 540L520 540L960 960L0 960Z", &k.inkl);
                c.path("M474 560L486 560L500 640L460 640Z", &k.white);
                c.path("M455 700L505 700L525 800L435 800Z", &k.white);
            }
            Setting::Lab => {
                c.rect(0, 0, 960, 960, 0, &k.white);
                for i in 1..12 {
                    c.rect(0, 80 * i, 960, 80 * i + 3, 0, &k.line);
                    c.rect(80 * i, 0, 80 * i + 3, 720, 0, &k.line);
                }
                c.rect(0, 700, 960, 750, 0, &k.s);
                c.rect(0, 750, 960, 960, 0, &k.steell);
                c.rect(80, 790, 460, 940, 10, &k.steel);
                c.rect(500, 790, 880, 940, 10, &k.steel);
                c.rect(240, 850, 300, 862, 6, &k.steeld);
                c.rect(660, 850, 720, 862, 6, &k.steeld);
                c.open_alpha(0.6);
                c.path("M790 470L830 470L830 540L890 680L730 680L790 540Z", &k.pll);
                c.close();
                c.rect(60, 620, 200, 700, 6, &k.line);
                for x in [80, 120, 160] {
                    c.rect(x, 540, x + 20, 660, 10, &k.pl);
                }
            }
            Setting::TeaRoom => {
                c.rect(0, 0, 960, 960, 0, &k.white);
                for i in 0..=6 {
                    c.rect(160 * i - 6, 0, 160 * i + 6, 640, 0, &k.woodl);
                }
                for i in 0..=4 {
                    c.rect(0, 150 * i - 4, 960, 150 * i + 4, 0, &k.woodl);
                }
                c.rect(0, 620, 960, 960, 0, &hex(mix(rgb(&k.wood), rgb(&k.bg), 0.5)));
                for i in 0..24 {
                    c.rect(0, 640 + 14 * i, 960, 642 + 14 * i, 0, &k.wood);
                }
                c.rect(0, 616, 960, 640, 0, &k.woodd);
                c.ellipse(480, 800, 380, 70, &k.woodd);
                c.ellipse(480, 792, 370, 64, &k.wood);
            }
            Setting::Room => {
                c.rect(0, 0, 960, 960, 0, &k.white);
                c.rect(90, 120, 390, 520, 8, &k.woodl);
                c.rect(110, 140, 370, 500, 4, &k.pll);
                c.rect(236, 140, 244, 500, 0, &k.woodl);
                c.rect(110, 316, 370, 324, 0, &k.woodl);
                c.rect(0, 700, 960, 960, 0, &k.woodl);
                for i in 0..6 {
                    c.rect(0, 740 + 44 * i, 960, 743 + 44 * i, 0, &k.wood);
                }
                c.rect(0, 690, 960, 712, 0, &k.wood);
                c.path("M790 760L760 640L880 640L850 760Z", &k.s);
                for (turn, length) in [(-120.0, 140.0), (-80.0, 170.0), (-40.0, 120.0), (-100.0, 160.0), (-60.0, 150.0)] {
                    leaf(c, (820.0, 640.0), length, turn, &hex(mix(rgb(&k.s), rgb(&k.p), 0.3)));
                }
            }
            Setting::Wardrobe => {
                c.rect(0, 0, 960, 960, 0, &k.white);
                c.rect(0, 880, 960, 960, 0, &k.woodl);
                c.rect(40, 150, 920, 166, 8, &k.steeld);
                for x in [120.0, 840.0] {
                    c.stroke(&format!("M{} 166L{} 210", n(x), n(x)), &k.steeld, 8);
                    c.path(&format!("M{} 210L{} 250L{} 620L{} 620L{} 250Z", n(x), n(x + 70.0), n(x + 60.0), n(x - 60.0), n(x - 70.0)), &k.line);
                }
            }
            Setting::Site => {
                c.rect(0, 0, 960, 960, 0, &k.white);
                for x in [80, 360, 640, 920] {
                    c.rect(x - 8, 0, x + 8, 700, 0, &k.steel);
                }
                for y in [150, 420] {
                    c.rect(0, y - 8, 960, y + 8, 0, &k.steel);
                }
                c.stroke("M80 150L360 420M360 150L640 420M640 150L920 420", &k.steell, 10);
                c.open_clip("site-band", "M0 600H960V650H0Z");
                c.rect(0, 600, 960, 650, 0, &k.ink);
                for i in 0..14 {
                    let x = 80.0 * f64::from(i) - 40.0;
                    c.path(&polygon_d(&[(x, 650.0), (x + 40.0, 600.0), (x + 80.0, 600.0), (x + 40.0, 650.0)]), &k.p);
                }
                c.close();
                c.rect(0, 700, 960, 960, 0, &hex(mix(rgb(&k.line), rgb(&k.bg), 0.3)));
                c.path("M800 860L840 640L880 640L920 860Z", &k.p);
                c.path("M822 760L898 760L906 800L814 800Z", &k.white);
                c.rect(770, 850, 950, 880, 8, &k.ink);
            }
            Setting::Beach => {
                let sky = c.linear("beach-sky", (0, 0, 0, 520), &[(0.0, &k.pll, 1.0), (1.0, &k.white, 1.0)]);
                c.rect(0, 0, 960, 960, 0, &sky);
                c.circle(760, 190, 80, &k.white);
                c.rect(0, 480, 960, 640, 0, &k.sl);
                c.rect(0, 560, 960, 572, 0, &k.white);
                c.rect(0, 630, 960, 960, 0, &hex(mix(rgb(&k.wood), WHITE, 0.6)));
                for (turn, length) in [(10.0, 300.0), (40.0, 260.0), (70.0, 220.0), (-20.0, 240.0)] {
                    leaf(c, (-20.0, 60.0), length, turn, &k.s);
                }
            }
            Setting::Studio => {
                c.rect(0, 0, 960, 960, 0, &k.bg);
                c.path("M180 900L180 330A300 300 0 0 1 780 330L780 900Z", &k.halo);
                c.rect(220, 800, 740, 900, 12, &k.white);
                c.rect(220, 800, 740, 820, 0, &k.line);
            }
        }
    }
}

/// A clothes hanger whose shoulders sit at `shoulder_y`, for garments in the wardrobe.
fn hanger(c: &mut Canvas, k: &Pal, x: f64, shoulder_y: f64) {
    c.stroke(
        &format!(
            "M{} {}C{} {} {} {} {} {}",
            n(x),
            n(shoulder_y - 40.0),
            n(x),
            n(shoulder_y - 60.0),
            n(x + 30.0),
            n(shoulder_y - 80.0),
            n(x + 12.0),
            n(shoulder_y - 100.0)
        ),
        &k.steeld,
        8,
    );
    c.stroke(&format!("M{} {}L{} {}L{} {}", n(x - 95.0), n(shoulder_y), n(x), n(shoulder_y - 40.0), n(x + 95.0), n(shoulder_y)), &k.woodd, 14);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind but the parcel fallback; each one is drawn for some line of the demo catalogues.
    const KINDS: [Kind; 58] = [
        Kind::LedBulb,
        Kind::Battery,
        Kind::Charger,
        Kind::UsbSocket,
        Kind::Mirror,
        Kind::Grip,
        Kind::Windscreen,
        Kind::PlateBracket,
        Kind::Muffler,
        Kind::SparkPlug,
        Kind::OilCan,
        Kind::Cylinder,
        Kind::BrakePad,
        Kind::Chain,
        Kind::Sprocket,
        Kind::Glove,
        Kind::Helmet,
        Kind::CycleHelmet,
        Kind::Jacket,
        Kind::Bag,
        Kind::PhoneHolder,
        Kind::Intercom,
        Kind::Tyre,
        Kind::Pedal,
        Kind::BikeLight,
        Kind::BottleCage,
        Kind::Lock,
        Kind::CycleComputer,
        Kind::EnergyGel,
        Kind::SportsDrink,
        Kind::SprayCan,
        Kind::Wrench,
        Kind::Pump,
        Kind::Balance,
        Kind::PhMeter,
        Kind::Stirrer,
        Kind::Beaker,
        Kind::PipetteTips,
        Kind::Bowl,
        Kind::Plate,
        Kind::Yunomi,
        Kind::Chasen,
        Kind::MatchaTin,
        Kind::HardHat,
        Kind::PoloShirt,
        Kind::CargoPants,
        Kind::SafetyShoe,
        Kind::PauSkirt,
        Kind::Muumuu,
        Kind::Lei,
        Kind::Quilt,
        Kind::Coffee,
        Kind::Sofa,
        Kind::LowTable,
        Kind::Shelf,
        Kind::PendantLight,
        Kind::Rug,
        Kind::Cushion,
    ];

    const PALETTES: [[&str; 6]; 7] = [
        ["#b3261e", "#263238", "#f9a825", "#1c1b1f", "#f5f5f4", "#d6d3d1"],
        ["#1a3a6b", "#3d5a80", "#2a9d8f", "#1f2933", "#f0f4f8", "#cbd2d9"],
        ["#0b5f8a", "#24434f", "#00796b", "#1b2630", "#f1f6f8", "#c9d6dc"],
        ["#2c4a6e", "#5b3a29", "#8a5a00", "#2b2622", "#f7f3ea", "#d9cfbd"],
        ["#b34700", "#1c1c1c", "#b34700", "#141414", "#f4f4f4", "#c4c4c4"],
        ["#a3245a", "#0f6b66", "#a3245a", "#2a1f24", "#fff6f2", "#ecd3cb"],
        ["#4a5a3c", "#6b4f3a", "#8c5a2b", "#262522", "#f5f3ef", "#dcd7ce"],
    ];

    /// Every (category, noun) of the demo catalogues (seed/catalog.rs and seed/tenants.rs).
    const LINES: &[(&str, &str)] = &[
        ("bike-led-bulb", "LEDヘッドライトバルブ"),
        ("bike-led-bulb", "LEDウインカーバルブ"),
        ("bike-battery", "バイク用バッテリー"),
        ("bike-battery", "バッテリーチャージャー"),
        ("bike-usb", "バイク専用電源"),
        ("bike-mirror", "ミラー"),
        ("bike-grip", "グリップ"),
        ("bike-screen", "ウインドシールド"),
        ("bike-fender", "フェンダーレスキット"),
        ("bike-muffler", "機械曲サイクロンマフラー"),
        ("bike-plug", "スパークプラグ"),
        ("bike-oil", "4サイクルエンジンオイル"),
        ("bike-engine-parts", "ボアアップキット"),
        ("bike-brake-pad", "ブレーキパッド"),
        ("bike-chain", "ドライブチェーン"),
        ("bike-sprocket", "スプロケット"),
        ("bike-glove", "ウインターグローブ"),
        ("bike-glove", "メッシュグローブ"),
        ("bike-glove", "レザーグローブ"),
        ("bike-helmet", "フルフェイスヘルメット"),
        ("bike-helmet", "ジェットヘルメット"),
        ("bike-jacket", "ライディングジャケット"),
        ("bike-bag", "ツーリングバッグ"),
        ("bike-phone-holder", "スマートフォンホルダー"),
        ("bike-intercom", "バイク用インカム"),
        ("cycle-tire-road", "ロードバイクタイヤ"),
        ("cycle-tire-mtb", "MTBタイヤ"),
        ("cycle-tire-city", "シティサイクルタイヤ"),
        ("cycle-chain", "チェーン"),
        ("cycle-sprocket", "カセットスプロケット"),
        ("cycle-pedal", "ペダル"),
        ("cycle-brake-shoe", "ブレーキシュー"),
        ("cycle-disc-pad", "ディスクブレーキパッド"),
        ("cycle-light", "自転車ライト"),
        ("cycle-bottle-cage", "ボトルケージ"),
        ("cycle-lock", "自転車ロック"),
        ("cycle-computer", "サイクルコンピューター"),
        ("cycle-glove", "サイクルグローブ"),
        ("cycle-helmet", "自転車ヘルメット"),
        ("cycle-gel", "エナジージェル"),
        ("cycle-drink", "スポーツドリンク"),
        ("maint-chain-lube", "チェーンルブ"),
        ("maint-cleaner", "クリーナー"),
        ("maint-wrench", "工具"),
        ("maint-pump", "空気入れ"),
        ("b-brake-pad", "ブレーキパッド 10セット"),
        ("b-brake-shoe", "ブレーキシュー 10セット"),
        ("b-battery", "バッテリー 4個入ケース"),
        ("b-engine-oil", "エンジンオイル 20Lペール缶"),
        ("b-parts-cleaner", "パーツクリーナー 24本ケース"),
        ("b-torque", "トルクレンチ"),
        ("lab-balance", "電子天びん"),
        ("lab-ph", "ポータブルpHメーター"),
        ("lab-stirrer", "マグネチックスターラー"),
        ("glass-beaker", "ビーカー 10個入"),
        ("glass-pipette", "ピペットチップ"),
        ("safety-glove", "ニトリル手袋 100枚入"),
        ("shokki-chawan", "飯碗"),
        ("shokki-sara", "取り皿"),
        ("shokki-yunomi", "湯呑"),
        ("chadogu-matcha", "抹茶碗"),
        ("chadogu-chasen", "茶筅"),
        ("food-matcha", "宇治抹茶"),
        ("wear-jacket", "作業ジャケット"),
        ("wear-polo", "長袖ポロシャツ"),
        ("wear-cargo", "カーゴパンツ"),
        ("safety-shoes", "セーフティスニーカー"),
        ("safety-helmet", "ヘルメット"),
        ("safety-glove", "作業手袋"),
        ("hula-pau", "パウスカート"),
        ("hula-muumuu", "ロングムームー"),
        ("hula-lei", "レイ"),
        ("zakka-quilt", "ハワイアンキルト"),
        ("zakka-coffee", "コナコーヒー"),
        ("furniture-sofa", "ソファ"),
        ("furniture-table", "ローテーブル"),
        ("furniture-shelf", "オープンシェルフ"),
        ("interior-pendant", "ペンダントライト"),
        ("interior-rug", "ラグ"),
        ("interior-cushion", "クッションカバー"),
    ];

    fn render(svg: &str, size: u32) -> resvg::tiny_skia::Pixmap {
        let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default()).expect("the SVG parses");
        let mut pixmap = resvg::tiny_skia::Pixmap::new(size, size).unwrap();
        let scale = size as f32 / 960.0;
        resvg::render(&tree, resvg::tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
        pixmap
    }

    #[test]
    fn every_line_of_the_demo_catalogues_has_a_drawing_of_its_own_goods() {
        for (category, noun) in LINES {
            assert_ne!(kind_of(category, noun), Kind::Parcel, "{category} {noun}");
        }
        assert_eq!(kind_of("furniture-sofa", "ソファ"), Kind::Sofa);
        assert_eq!(kind_of("chadogu-matcha", "抹茶碗"), Kind::Bowl);
        assert_eq!(kind_of("bike-battery", "バッテリーチャージャー"), Kind::Charger);
        assert_eq!(kind_of("bike-battery", "バイク用バッテリー"), Kind::Battery);
        assert_eq!(kind_of("safety-glove", "ニトリル手袋 100枚入"), Kind::Glove);
    }

    #[test]
    fn every_kind_but_the_parcel_shows_some_demo_line() {
        let shown: Vec<Kind> = LINES.iter().map(|(category, noun)| kind_of(category, noun)).collect();
        for kind in KINDS {
            assert!(shown.contains(&kind), "{kind:?} is drawn for no line");
        }
    }

    #[test]
    fn an_unknown_category_falls_back_on_the_noun() {
        assert_eq!(kind_of("new-leaf", "ペンダントライト 2灯"), Kind::PendantLight);
        assert_eq!(kind_of("new-leaf", "LEDライト"), Kind::BikeLight);
        assert_eq!(kind_of("new-leaf", "福袋"), Kind::Parcel);
    }

    /// Every kind's main picture in every shop's palette, and its scene in two of them (one
    /// whose accent is its primary), rendered small: enough to catch a drawing that lost its
    /// shop colour or came out blank, at a cost the test run can afford.
    #[test]
    fn every_kind_renders_in_the_shops_primary_colour() {
        for (index, colours) in PALETTES.into_iter().enumerate() {
            let primary = rgb(colours[0]);
            for kind in KINDS.into_iter().chain([Kind::Parcel]) {
                for scene in [false, true] {
                    if scene && index != 0 && index != 5 {
                        continue;
                    }
                    let pixmap = render(&svg(kind, colours, scene), 120);
                    let pixels: Vec<Rgb> = pixmap.pixels().iter().map(|p| (p.red(), p.green(), p.blue())).collect();
                    let primary_pixels = pixels.iter().filter(|&&p| distance(p, primary) <= 6).count();
                    assert!(primary_pixels >= 20, "{kind:?} (scene {scene}) in {}: {primary_pixels} primary pixels", colours[0]);
                    let mut distinct = pixels;
                    distinct.sort_unstable();
                    distinct.dedup();
                    assert!(distinct.len() > 20, "{kind:?} (scene {scene}) is nearly blank");
                }
            }
        }
    }

    #[test]
    fn the_pictures_are_self_contained_and_repeatable() {
        for kind in KINDS {
            let picture = svg(kind, PALETTES[0], true);
            assert_eq!(picture, svg(kind, PALETTES[0], true));
            for forbidden in ["<text", "<script", "<image", "href", "url(http", "NaN", "inf"] {
                assert!(!picture.contains(forbidden), "{kind:?} contains {forbidden}");
            }
        }
    }
}
