//! The three chart shapes a report draws, as inline SVG: horizontal bars with interval whiskers,
//! columns (histograms), and lines with interval bands.
//!
//! Written by hand rather than with a plotting crate so every colour is a CSS class the page
//! styles: the same chart then follows the page's light or dark theme and prints in black on
//! white, which fixed-colour output cannot do.

use std::fmt::Write as _;

/// Drawing width in SVG units; the page scales it to the column.
const WIDTH: f64 = 720.0;
/// Most series a chart tells apart (the palette's colours, `.s0`–`.s5` in the page's style).
pub(crate) const SERIES: usize = 6;

/// How numbers on an axis read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scale {
    /// A share in 0..=1, shown as a percentage.
    Percent,
    /// A count or measure, shown as a plain number.
    Number,
    /// A difference of two shares, in percentage points with its sign.
    Points,
    /// A seat gap: the best seat's share less the worst's, in points (never below zero).
    Gap,
    /// A change as a part of what it changed from, in percent with its sign.
    Change,
}

impl Scale {
    pub(crate) fn format(self, x: f64) -> String {
        match self {
            // A tenth of a point everywhere a share is read, so a bar, a finding and the
            // terminal show the same figure.
            Scale::Percent => percent(x),
            Scale::Number => trim(x),
            Scale::Points => format!("{} points", signed(points(x))),
            Scale::Gap => format!("{:.1} points", rounded(x, 3) * 100.0 + 0.0),
            Scale::Change => format!("{}%", signed(format!("{:.1}", rounded(x, 3) * 100.0))),
        }
    }
}

/// A share in percent, to a tenth of a point; with more decimals (up to four) where a tenth
/// would misstate a share near 0% or 100% by over a tenth of its distance from there, so no
/// figure or interval claims a certainty its games do not give (4 deck-outs in 10,000 games are
/// 99.96% at the goal, not 100.0%) and a rare ending is not doubled (5 games in 10,000 are
/// 0.05%, not 0.1%).
fn percent(x: f64) -> String {
    // Below a millionth of either end (an interval's bound can land a rounding error off 0) is
    // the end itself.
    let end = rounded(x, 6);
    let certain = end == 0.0 || end == 1.0;
    let near = |share: f64| (share * 100.0).min(100.0 - share * 100.0);
    let misstated = |shown: f64| (near(shown / 100.0) - near(x)).abs() > 0.1 * near(x);
    let mut decimals = 1;
    let mut shown = rounded(x, 3) * 100.0 + 0.0;
    while !certain && misstated(shown) && decimals < 4 {
        decimals += 1;
        shown = rounded(x, decimals as i32 + 2) * 100.0 + 0.0;
    }
    format!("{shown:.decimals$}%")
}

/// The decimals that show every tick of a `step` apart exactly (0.25 needs 2, 5 needs none).
fn step_decimals(step: f64) -> usize {
    (0..4)
        .find(|&d| {
            let scaled = step * 10f64.powi(d as i32);
            (scaled - scaled.round()).abs() < 1e-6 * scaled.abs().max(1.0)
        })
        .unwrap_or(4)
}

impl Scale {
    /// A mark's hover text: what it is, its value and interval.
    fn tip(self, name: &str, value: f64, interval: Option<(f64, f64)>) -> String {
        let mut tip = format!("{name}: {}", self.format(value));
        if let Some((lo, hi)) = interval {
            tip += &format!(" (95% CI {} – {})", self.format(lo), self.format(hi));
        }
        tip
    }

    /// A tick label: as many decimals as the ticks' `step` needs, the same on every tick.
    fn tick(self, x: f64, step: f64) -> String {
        let (scale, suffix) = match self {
            Scale::Percent => (100.0, "%"),
            Scale::Number => (1.0, ""),
            Scale::Points => (100.0, ""),
            Scale::Gap => (100.0, ""),
            Scale::Change => (100.0, "%"),
        };
        let d = step_decimals(step * scale);
        let s = format!("{:.d$}", x * scale);
        let s = if s
            .trim_start_matches('-')
            .chars()
            .all(|c| c == '0' || c == '.')
        {
            s.trim_start_matches('-').to_string()
        } else {
            s
        };
        if self == Scale::Points {
            signed(s)
        } else if self == Scale::Change {
            signed(s) + suffix
        } else {
            format!("{s}{suffix}")
        }
    }
}

/// A difference as shown, signed as every page and finding signs B − A: `+` before a rise, a
/// typographic minus before a fall, nothing before a zero.
pub(crate) fn signed(shown: String) -> String {
    let zero = |s: &str| s.chars().all(|c| c == '0' || c == '.');
    match shown.strip_prefix('-') {
        Some(rest) if zero(rest) => rest.to_string(),
        Some(rest) => format!("−{rest}"),
        None if zero(&shown) => shown,
        None => format!("+{shown}"),
    }
}

/// The step between consecutive ticks (1 when there is only one).
fn step_of(ticks: &[f64]) -> f64 {
    if ticks.len() > 1 {
        ticks[1] - ticks[0]
    } else {
        1.0
    }
}

/// A number rounded for reading: one decimal from 10 up, two below (so 0.03 is not 0), a whole
/// number bare; its decimals kept otherwise, so 28.9979 reads 29.0 beside 28.9, not 29.
fn trim(x: f64) -> String {
    // Decided on the value as it would read, so 9.996 reads 10.0 as 10.01 does, not 10.00.
    let mut decimals = if rounded(x, 2).abs() >= 10.0 { 1 } else { 2 };
    let at = rounded(x, decimals as i32);
    let mut bare = rounded(x, 6) == x.round();
    // A count that is not 0 never reads as 0: two figures where two places would show none
    // (0.0042 catches a game on a square is no safe square).
    if at == 0.0 && rounded(x, 6) != 0.0 {
        decimals = (1 - x.abs().log10().floor() as i32).clamp(2, 6) as usize;
        bare = true;
    }
    let s = format!("{:.decimals$}", rounded(x, decimals as i32));
    let s = if bare {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        &s
    };
    if s == "-0" { "0".into() } else { s.into() }
}

/// A difference of shares in points, to a tenth from 10 points up and two places below, a
/// zero bare: the same places on every bar of a chart (−1.00 beside −0.70, not −1), and the
/// same figure as [`hundredths`] gives a table beside it.
fn points(x: f64) -> String {
    if rounded(x, 6) == 0.0 {
        return "0".into();
    }
    if rounded(x, 4).abs() >= 0.1 {
        format!("{:.1}", rounded(x, 3) * 100.0 + 0.0)
    } else {
        hundredths(x)
    }
}

/// A share in points to two places, rounded as every chart label rounds, so a table beside a
/// chart shows the same figure (−0.00415 is −0.42 in both, where binary floats give −0.41).
pub(crate) fn hundredths(x: f64) -> String {
    format!("{:.2}", rounded(x, 4) * 100.0 + 0.0)
}

/// `x` to `decimals` places, halves away from zero as people round them, from its six decimals
/// (the CSVs' precision): 0.2145 and the exact 429/2000 both give 0.215 to 3 places, where
/// binary floats would round one down and the other up.
pub(crate) fn rounded(x: f64, decimals: i32) -> f64 {
    let micro = (x * 1e6).round();
    let step = 10f64.powi(6 - decimals);
    (micro / step).round() * step / 1e6
}

/// Thousands separated by commas: 2000000 → 2,000,000.
pub(crate) fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The share of games below which a histogram's tail is left out of the chart.
pub(crate) const SPARSE: f64 = 0.0005;

/// What a caption says about a tail [`Columns::cut_tail`] left out.
pub(crate) fn tail_note(cut: Option<i64>, what: &str) -> String {
    cut.map_or(String::new(), |last| {
        format!(
            " Longer {what}, past the last length {} of games or more took, are left out; the longest took {last}.",
            Scale::Percent.format(SPARSE)
        )
    })
}

/// Text safe inside SVG and HTML.
pub(crate) fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// About five round tick values covering `lo..=hi`.
fn ticks(lo: f64, hi: f64) -> Vec<f64> {
    let span = (hi - lo).max(1e-9);
    let raw = span / 5.0;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * mag);
    let first = (lo / step).ceil() as i64;
    let last = (hi / step + 1e-9).floor() as i64;
    (first..=last).map(|i| i as f64 * step).collect()
}

/// The smallest round number at or above `x`, for an axis end.
fn nice_max(x: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    let t = ticks(0.0, x);
    let step = if t.len() > 1 { t[1] - t[0] } else { x };
    (x / step).ceil() * step
}

/// One horizontal bar: a value and its 95% interval.
#[derive(Clone, Debug)]
pub(crate) struct Bar {
    pub label: String,
    pub value: f64,
    pub interval: Option<(f64, f64)>,
    /// Which series (colour) it belongs to.
    pub series: usize,
    /// Drawn with a warning mark: the data says a designer should look at it.
    pub flagged: bool,
}

impl Bar {
    /// A bar of the first series, without an interval or a warning mark.
    pub(crate) fn new(label: impl Into<String>, value: f64) -> Self {
        Self {
            label: label.into(),
            value,
            interval: None,
            series: 0,
            flagged: false,
        }
    }

    /// With its 95% interval.
    pub(crate) fn within(self, low: f64, high: f64) -> Self {
        self.interval(Some((low, high)))
    }

    pub(crate) fn interval(self, interval: Option<(f64, f64)>) -> Self {
        Self { interval, ..self }
    }

    pub(crate) fn series(self, series: usize) -> Self {
        Self { series, ..self }
    }

    pub(crate) fn flagged(self, flagged: bool) -> Self {
        Self { flagged, ..self }
    }
}

/// Horizontal bars, one row per label; bars that share a label (one per series) sit together.
pub(crate) struct HBars {
    pub title: String,
    pub x_label: String,
    pub unit: Scale,
    pub bars: Vec<Bar>,
    /// A vertical reference line (such as a fair share) and its name.
    pub reference: Option<(f64, String)>,
    pub legend: Vec<String>,
}

/// Columns over numbered categories (a histogram), one column per series at each category.
pub(crate) struct Columns {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub unit: Scale,
    /// The category values along the x axis, in order and without gaps (see [`Columns::filled`]).
    pub categories: Vec<i64>,
    /// Per series, one height per category.
    pub series: Vec<Vec<f64>>,
    pub legend: Vec<String>,
    /// Vertical markers at category positions (may fall between categories), with names.
    pub markers: Vec<(f64, String)>,
    /// Games a cap stopped, drawn as a column of their own right of the axis.
    pub capped: Option<Capped>,
}

/// The games a cap stopped: the category the cap is at, what to call them ("capped at 1000
/// turns"), and per series their share (not counted in the series' own column there).
pub(crate) struct Capped {
    pub at: i64,
    pub name: String,
    pub heights: Vec<f64>,
}

/// A point of a line, with an optional interval drawn as a band.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Point {
    pub x: f64,
    pub y: f64,
    pub band: Option<(f64, f64)>,
}

/// Lines over a numeric x axis, or over named positions when `x_names` is given (then point `x`
/// is an index into it).
pub(crate) struct Lines {
    title: String,
    x_label: String,
    y_label: String,
    unit: Scale,
    series: Vec<Vec<Point>>,
    legend: Vec<String>,
    x_names: Option<Vec<String>>,
    /// Where the y axis starts: at zero, or fitted to the data.
    from_zero: bool,
    /// Points with error bars rather than a line with a band: for named x values, where a line
    /// would suggest values in between, and for a single point, which a band cannot show.
    discrete: bool,
    reference: Option<(f64, String)>,
    /// A band of y values shaded behind the data (a tune's target); the caption names it, as a
    /// label inside the plot would lie across the line it meets.
    target: Option<(f64, f64)>,
}

impl Lines {
    /// Lines through numbered x values, the y axis fitted to the data, with no legend or
    /// reference until one is given.
    pub(crate) fn new(
        title: impl Into<String>,
        x_label: impl Into<String>,
        y_label: impl Into<String>,
        unit: Scale,
        series: Vec<Vec<Point>>,
    ) -> Self {
        Self {
            title: title.into(),
            x_label: x_label.into(),
            y_label: y_label.into(),
            unit,
            series,
            legend: Vec::new(),
            x_names: None,
            from_zero: false,
            discrete: false,
            reference: None,
            target: None,
        }
    }

    /// Names the series, in order (shown when there are two or more).
    pub(crate) fn legend(self, legend: Vec<String>) -> Self {
        Self { legend, ..self }
    }

    /// Names the x values 0, 1, … in place of numbers.
    pub(crate) fn x_names(self, x_names: Option<Vec<String>>) -> Self {
        Self { x_names, ..self }
    }

    /// Starts the y axis at zero.
    pub(crate) fn y_from_zero(self) -> Self {
        Self {
            from_zero: true,
            ..self
        }
    }

    pub(crate) fn discrete(self, discrete: bool) -> Self {
        Self { discrete, ..self }
    }

    /// A horizontal reference line and its name, if any.
    pub(crate) fn reference(self, reference: Option<(f64, String)>) -> Self {
        Self { reference, ..self }
    }

    pub(crate) fn target(self, target: Option<(f64, f64)>) -> Self {
        Self { target, ..self }
    }
}

/// The SVG being written, with its plot area.
struct Canvas {
    out: String,
    height: f64,
    left: f64,
    right: f64,
    top: f64,
    bottom: f64,
}

impl Canvas {
    /// `kind` names the chart's shape for the page's tests (`data-kind`): what it must label.
    fn new(kind: &str, title: &str, height: f64, left: f64, top: f64, bottom: f64) -> Self {
        let mut out = String::new();
        write!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" class="chart" data-kind="{kind}" viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{t}"><title>{t}</title>"#,
            t = escape(title)
        )
        .unwrap();
        Self {
            out,
            height,
            left,
            right: WIDTH - 24.0,
            top,
            bottom: height - bottom,
        }
    }

    fn text(&mut self, x: f64, y: f64, anchor: &str, class: &str, s: &str) {
        write!(
            self.out,
            r#"<text x="{x:.1}" y="{y:.1}" text-anchor="{anchor}" class="{class}">{}</text>"#,
            escape(s)
        )
        .unwrap();
    }

    fn line(&mut self, (x1, y1): (f64, f64), (x2, y2): (f64, f64), class: &str) {
        write!(
            self.out,
            r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" class="{class}"/>"#
        )
        .unwrap();
    }

    fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, class: &str, tip: &str) {
        write!(
            self.out,
            r#"<rect x="{x:.1}" y="{y:.1}" width="{:.1}" height="{:.1}" class="{class}"><title>{}</title></rect>"#,
            w.max(0.0),
            h.max(0.0),
            escape(tip)
        )
        .unwrap();
    }

    /// Colour swatches naming the series, above the plot, wrapping onto as many rows as
    /// [`legend_height`] made room for.
    fn legend(&mut self, names: &[String]) {
        for (i, (x, row)) in legend_places(names, self.left).into_iter().enumerate() {
            let y = 8.0 + LEGEND_ROW * row as f64;
            self.rect(x, y, 12.0, 12.0, &format!("s{}", i % SERIES), &names[i]);
            self.text(x + 17.0, y + 10.5, "start", "legend", &names[i]);
        }
    }

    /// Horizontal grid and labels for a y axis mapped by `y`.
    fn y_axis(&mut self, ticks: &[f64], unit: Scale, label: &str, y: impl Fn(f64) -> f64) {
        let step = step_of(ticks);
        for &t in ticks {
            let py = y(t);
            self.line((self.left, py), (self.right, py), "grid");
            self.text(
                self.left - 6.0,
                py + 4.0,
                "end",
                "tick",
                &unit.tick(t, step),
            );
        }
        self.y_label(label);
    }

    /// An axis title running up the left edge, beside the plot.
    fn y_label(&mut self, label: &str) {
        let mid = (self.top + self.bottom) / 2.0;
        write!(
            self.out,
            r#"<text transform="translate(14 {mid:.1}) rotate(-90)" text-anchor="middle" class="axis">{}</text>"#,
            escape(label)
        )
        .unwrap();
    }

    fn x_label(&mut self, label: &str) {
        let x = (self.left + self.right) / 2.0;
        self.text(x, self.height - 6.0, "middle", "axis", label);
    }

    fn finish(mut self) -> String {
        self.out.push_str("</svg>");
        self.out
    }
}

/// Height of one row of a legend.
const LEGEND_ROW: f64 = 18.0;

/// Where each legend entry goes: its x, and its row.
fn legend_places(names: &[String], left: f64) -> Vec<(f64, usize)> {
    let (mut x, mut row) = (left, 0);
    names
        .iter()
        .map(|name| {
            let width = 30.0 + 6.6 * name.chars().count() as f64;
            if x > left && x + width > WIDTH - 10.0 {
                (x, row) = (left, row + 1);
            }
            let place = (x, row);
            x += width;
            place
        })
        .collect()
}

/// Room above a plot for its legend (nothing for a single series).
fn legend_height(names: &[String], left: f64) -> f64 {
    if names.len() < 2 {
        return 0.0;
    }
    let rows = legend_places(names, left).last().map_or(0, |p| p.1) + 1;
    LEGEND_ROW * rows as f64 + 6.0
}

/// Width in SVG units of `s` at font `size`, taking a wide sans-serif's average glyph so that
/// what fits here fits in whichever font the reader's system picks.
fn text_width(s: &str, size: f64) -> f64 {
    s.chars().count() as f64 * size * 0.6
}

/// `s` broken into lines of at most `chars` characters: after a space, `+` or `,`, or before
/// `(`, so a bot's name breaks between its parts. A piece longer than `chars` keeps a line of
/// its own rather than being cut.
fn wrap(s: &str, chars: usize) -> Vec<String> {
    let mut pieces = vec![String::new()];
    for ch in s.chars() {
        if ch == '(' && !pieces.last().unwrap().is_empty() {
            pieces.push(String::new());
        }
        pieces.last_mut().unwrap().push(ch);
        if matches!(ch, ' ' | '+' | ',') {
            pieces.push(String::new());
        }
    }
    let mut lines = vec![String::new()];
    for piece in pieces.iter().filter(|p| !p.is_empty()) {
        let line = lines.last_mut().unwrap();
        if !line.is_empty() && (line.clone() + piece).trim_end().chars().count() > chars {
            lines.push(piece.clone());
        } else {
            line.push_str(piece);
        }
    }
    lines.iter().map(|l| l.trim_end().to_string()).collect()
}

/// Most room a chart gives its row labels; longer ones wrap onto more lines.
const LABEL_ROOM: f64 = 300.0;
/// Size and line height of a row label (the page's `.label`).
const LABEL_SIZE: f64 = 12.0;
/// The font size of a value beside its mark (the page's `svg .value`).
const VALUE_SIZE: f64 = 11.0;
const LABEL_LINE: f64 = 14.0;

/// Row labels wrapped to fit [`LABEL_ROOM`], and the room they take (at least 60 units).
fn row_labels<'a>(labels: impl Iterator<Item = &'a str>) -> (Vec<Vec<String>>, f64) {
    let chars = ((LABEL_ROOM - 16.0) / text_width("x", LABEL_SIZE)) as usize;
    let lines: Vec<Vec<String>> = labels.map(|l| wrap(l, chars)).collect();
    let widest = lines
        .iter()
        .flatten()
        .map(|l| text_width(l, LABEL_SIZE))
        .fold(0.0, f64::max);
    (lines, (widest + 16.0).clamp(60.0, LABEL_ROOM))
}

impl HBars {
    /// One series of bars, without a reference line.
    pub(crate) fn new(
        title: impl Into<String>,
        x_label: impl Into<String>,
        unit: Scale,
        bars: Vec<Bar>,
    ) -> Self {
        Self {
            title: title.into(),
            x_label: x_label.into(),
            unit,
            bars,
            reference: None,
            legend: Vec::new(),
        }
    }

    /// With a vertical reference line (such as a fair share) and its name, if any.
    pub(crate) fn reference(self, reference: Option<(f64, String)>) -> Self {
        Self { reference, ..self }
    }

    /// With a name for each series, in order.
    pub(crate) fn legend(self, legend: Vec<String>) -> Self {
        Self { legend, ..self }
    }

    pub(crate) fn svg(&self) -> String {
        let mut labels: Vec<&str> = Vec::new();
        for b in &self.bars {
            if !labels.contains(&b.label.as_str()) {
                labels.push(&b.label);
            }
        }
        let per_label = labels
            .iter()
            .map(|l| self.bars.iter().filter(|b| &b.label == l).count())
            .max()
            .unwrap_or(1);
        let flagged = |label: &str| self.bars.iter().any(|b| b.label == label && b.flagged);
        let shown: Vec<String> = labels
            .iter()
            .map(|&l| {
                if flagged(l) {
                    format!("! {l}")
                } else {
                    l.to_string()
                }
            })
            .collect();
        let (lines, left) = row_labels(shown.iter().map(String::as_str));
        let most_lines = lines.iter().map(Vec::len).max().unwrap_or(1);
        let bar_h = if per_label > 1 { 13.0 } else { 14.0 };
        let row_h = (bar_h * per_label as f64).max(LABEL_LINE * most_lines as f64) + 8.0;
        let top = 22.0 + legend_height(&self.legend, left);
        let height = top + row_h * labels.len() as f64 + 44.0;
        let mut c = Canvas::new("hbars", &self.title, height, left, top, 44.0);
        // Each value's label stands beyond its bar's end: room for the widest on the right,
        // and on the left (below) for each negative one.
        let label_room = |b: &Bar| text_width(&self.unit.format(b.value), VALUE_SIZE) + 5.0;
        c.right -= self
            .bars
            .iter()
            .filter(|b| b.value >= 0.0)
            .map(label_room)
            .fold(40.0, f64::max);
        if self.legend.len() > 1 {
            c.legend(&self.legend);
        }
        let values = || {
            self.bars
                .iter()
                .flat_map(|b| {
                    let (lo, hi) = b.interval.unwrap_or((b.value, b.value));
                    [b.value, lo, hi]
                })
                .chain(self.reference.iter().map(|r| r.0))
        };
        let (high, low) = (values().fold(0.0, f64::max), values().fold(0.0, f64::min));
        // Shares end at 100% at most; differences (which can be negative) get both sides.
        let max = match (self.unit, low < 0.0) {
            (_, true) if high <= 0.0 => 0.0,
            (Scale::Percent, false) => nice_max(high).min(1.0).max(high),
            _ => nice_max(high),
        };
        // Room on the left for the labels of negative values: a label `w` wide left of a bar
        // ending at `lo` fits when (lo − min) / (max − min) of the axis is at least w, so
        // min ≤ (lo − r·max) / (1 − r) with r = w / axis; a rounder (lower) min keeps it so.
        let axis = c.right - c.left;
        let low = self
            .bars
            .iter()
            .filter(|b| b.value < 0.0)
            .map(|b| {
                let lo = b.interval.map_or(b.value, |i| i.0).min(b.value);
                let r = (label_room(b) / axis).min(0.9);
                (lo - r * max) / (1.0 - r)
            })
            .fold(low, f64::min);
        let min = if low < 0.0 { -nice_max(-low) } else { 0.0 };
        let (left, right, top, bottom) = (c.left, c.right, c.top, c.bottom);
        let x = |v: f64| left + (right - left) * ((v - min) / (max - min)).clamp(0.0, 1.0);
        let grid = ticks(min, max);
        let step = step_of(&grid);
        for &t in &grid {
            c.line((x(t), top), (x(t), bottom), "grid");
            c.text(
                x(t),
                bottom + 16.0,
                "middle",
                "tick",
                &self.unit.tick(t, step),
            );
        }
        // The reference line goes under the bars and their values, so it never strikes a
        // value through; its name goes on top.
        if let Some((at, _)) = &self.reference {
            c.line((x(*at), top - 6.0), (x(*at), bottom), "reference");
        }
        for (row, (label, lines)) in labels.iter().zip(&lines).enumerate() {
            let y0 = top + 4.0 + row_h * row as f64;
            let class = if flagged(label) {
                "label flag"
            } else {
                "label"
            };
            let first = y0 + bar_h * per_label as f64 / 2.0 + 4.0
                - LABEL_LINE * (lines.len() - 1) as f64 / 2.0;
            for (i, line) in lines.iter().enumerate() {
                c.text(
                    left - 8.0,
                    first + LABEL_LINE * i as f64,
                    "end",
                    class,
                    line,
                );
            }
            for (k, b) in self.bars.iter().filter(|b| &b.label == label).enumerate() {
                let y = y0 + bar_h * k as f64;
                let tip = self.unit.tip(label, b.value, b.interval);
                c.rect(
                    x(0.0).min(x(b.value)),
                    y,
                    (x(b.value) - x(0.0)).abs(),
                    bar_h - 2.0,
                    &format!("bar s{}", b.series % SERIES),
                    &tip,
                );
                let (lo, hi) = b.interval.unwrap_or((b.value, b.value));
                if b.interval.is_some() {
                    let mid = y + (bar_h - 2.0) / 2.0;
                    c.line((x(lo), mid), (x(hi), mid), "whisker");
                    c.line((x(lo), mid - 3.5), (x(lo), mid + 3.5), "whisker");
                    c.line((x(hi), mid - 3.5), (x(hi), mid + 3.5), "whisker");
                }
                // The value sits beyond the bar's end: right of a positive bar, left of a
                // negative one.
                let (at, anchor) = if b.value < 0.0 {
                    (x(b.value).min(x(lo)) - 5.0, "end")
                } else {
                    (x(b.value).max(x(hi)) + 5.0, "start")
                };
                c.text(
                    at,
                    y + bar_h - 3.0,
                    anchor,
                    "value",
                    &self.unit.format(b.value),
                );
            }
        }
        if let Some((at, name)) = &self.reference {
            c.text(x(*at), top - 8.0, "middle", "note", name);
        }
        c.line((x(0.0), top - 2.0), (x(0.0), bottom), "axisline");
        c.x_label(&self.x_label);
        c.finish()
    }
}

/// The widest run of categories [`Columns::filled`] fills in: far beyond the scores and lengths
/// games reach, far below what a page can hold.
const MOST_FILLED: i128 = 100_000;

impl Columns {
    /// Categories from the lowest to the highest of `values`' keys with no value missing (a
    /// missing one is 0), so the axis is evenly spaced; and one series of those heights. Keys
    /// spread wider than any game's scores or lengths (a hand-edited file) are drawn as they
    /// are, without the gaps, rather than filling billions of columns.
    pub(crate) fn filled(values: &[(i64, f64)]) -> (Vec<i64>, Vec<f64>) {
        let lo = values.iter().map(|v| v.0).min().unwrap_or(0);
        let hi = values.iter().map(|v| v.0).max().unwrap_or(-1);
        let categories: Vec<i64> = if i128::from(hi) - i128::from(lo) < MOST_FILLED {
            (lo..=hi).collect()
        } else {
            let mut keys: Vec<i64> = values.iter().map(|v| v.0).collect();
            keys.sort_unstable();
            keys.dedup();
            keys
        };
        let heights = categories
            .iter()
            .map(|c| values.iter().find(|v| v.0 == *c).map_or(0.0, |v| v.1))
            .collect();
        (categories, heights)
    }

    /// Leaves out the categories past the last one where some series reaches `least`, so a
    /// long, sparse tail does not squeeze the chart; returns the longest category left out that
    /// any series has a share in.
    pub(crate) fn cut_tail(&mut self, least: f64) -> Option<i64> {
        let keep = (0..self.categories.len())
            .rfind(|&i| self.series.iter().any(|s| s[i] >= least))
            .map_or(0, |i| i + 1);
        if keep == self.categories.len() {
            return None;
        }
        // The longest length left out that a game had. Capped games have their own column,
        // and the lengths between the last game and the cap had none: a cut of only those
        // leaves no game out.
        let last = (keep..self.categories.len())
            .rev()
            .find(|&i| self.series.iter().any(|s| s[i] > 0.0))
            .map(|i| self.categories[i]);
        self.categories.truncate(keep);
        for s in &mut self.series {
            s.truncate(keep);
        }
        last
    }

    pub(crate) fn svg(&self) -> String {
        // Marker names, and the capped column's, sit above the plot, one line each, so they
        // never cover a column or each other.
        let names = self.markers.len() + usize::from(self.capped.is_some());
        let top = 22.0 + legend_height(&self.legend, 64.0) + 13.0 * names as f64;
        let mut c = Canvas::new("columns", &self.title, 300.0, 64.0, top, 44.0);
        if self.legend.len() > 1 {
            c.legend(&self.legend);
        }
        let n = self.categories.len().max(1);
        let k = self.series.len().max(1);
        let capped = self.capped.as_ref().map_or(&[][..], |cap| &cap.heights[..]);
        let high = self
            .series
            .iter()
            .flatten()
            .chain(capped)
            .copied()
            .fold(0.0, f64::max);
        let max = nice_max(high);
        let (left, top, bottom, end) = (c.left, c.top, c.bottom, c.right);
        // The capped column stands apart at the right end, however long the axis before it.
        let cap_slot = 24.0 + 20.0 * k as f64;
        let right = if self.capped.is_some() {
            end - cap_slot - 20.0
        } else {
            end
        };
        let slot = (right - left) / n as f64;
        let y = |v: f64| bottom - (bottom - top) * (v / max);
        c.y_axis(&ticks(0.0, max), self.unit, &self.y_label, y);
        let col_w = (slot * 0.84 / k as f64).max(0.5);
        let name = |s: usize| self.legend.get(s).map_or("", String::as_str);
        for (s, heights) in self.series.iter().enumerate() {
            for (i, &h) in heights.iter().enumerate() {
                let x = left + slot * i as f64 + slot * 0.08 + col_w * s as f64;
                let tip = format!(
                    "{} {}: {}",
                    name(s),
                    self.categories[i],
                    self.unit.format(h)
                );
                c.rect(
                    x,
                    y(h),
                    col_w,
                    bottom - y(h),
                    &format!("bar s{}", s % SERIES),
                    tip.trim(),
                );
            }
        }
        let first = self.categories.first().copied().unwrap_or(0);
        let last = self.categories.last().copied().unwrap_or(0);
        // Every category when their labels fit, else round ones, so labels never overlap.
        let marks: Vec<i64> = if n as f64 * 30.0 <= right - left {
            self.categories.clone()
        } else {
            let step = step_of(&ticks(first as f64, last as f64)).max(1.0).round() as i64;
            (first..=last).filter(|c| c % step == 0).collect()
        };
        let at = |v: f64| left + slot * (v - first as f64 + 0.5);
        for m in marks {
            c.text(
                at(m as f64),
                bottom + 16.0,
                "middle",
                "tick",
                &m.to_string(),
            );
        }
        let mut row = top - 13.0 * names as f64;
        let x0 = end - cap_slot + 12.0;
        let cap_middle = x0 + 10.0 * k as f64 - 2.0;
        if let Some(cap) = &self.capped {
            for (s, &h) in cap.heights.iter().enumerate() {
                let x = x0 + 20.0 * s as f64;
                let tip = format!("{} {}: {}", name(s), cap.name, self.unit.format(h));
                c.rect(
                    x,
                    y(h),
                    16.0,
                    bottom - y(h),
                    &format!("bar capped s{}", s % SERIES),
                    tip.trim(),
                );
            }
            let shares: Vec<String> = cap.heights.iter().map(|&h| self.unit.format(h)).collect();
            c.text(
                end,
                row + 2.0,
                "end",
                "note capped",
                &format!("{}: {}", cap.name, shares.join(" / ")),
            );
            c.text(cap_middle, bottom + 16.0, "middle", "tick", "capped");
            // The break in the axis between the last category and the capped column.
            for dx in [4.0, 8.0] {
                c.line(
                    (right + dx, bottom + 4.0),
                    (right + dx + 6.0, bottom - 4.0),
                    "axisline",
                );
            }
            row += 13.0;
        }
        // A marker at or past the cap marks the capped column; one past a cut tail, the end.
        let marked: Vec<(f64, f64, &String)> = self
            .markers
            .iter()
            .enumerate()
            .map(|(i, (at_value, name))| {
                let x = match &self.capped {
                    Some(cap) if *at_value >= cap.at as f64 => cap_middle,
                    _ => at(*at_value).clamp(left, right),
                };
                (x, row + 13.0 * i as f64, name)
            })
            .collect();
        // Every line first, then every name over them, so no marker's line strikes another's
        // name through.
        for &(x, y, _) in &marked {
            c.line((x, y), (x, bottom), "reference");
        }
        for &(x, y, name) in &marked {
            // The name reads away from the nearer edge so it stays on the chart.
            if x + 4.0 + text_width(name, 11.0) > end {
                c.text(x - 4.0, y + 2.0, "end", "note", name);
            } else {
                c.text(x + 4.0, y + 2.0, "start", "note", name);
            }
        }
        c.line((left, bottom), (right, bottom), "axisline");
        if self.capped.is_some() {
            c.line((right + 14.0, bottom), (end, bottom), "axisline");
        }
        c.x_label(&self.x_label);
        c.finish()
    }
}

impl Lines {
    pub(crate) fn svg(&self) -> String {
        let top = 26.0 + legend_height(&self.legend, 64.0);
        let mut c = Canvas::new("lines", &self.title, 300.0, 64.0, top, 44.0);
        if self.legend.len() > 1 {
            c.legend(&self.legend);
        }
        let points = || self.series.iter().flatten();
        let mut xs: Vec<f64> = points().map(|p| p.x).collect();
        xs.sort_by(f64::total_cmp);
        xs.dedup();
        let (x_lo, x_hi) = match &self.x_names {
            Some(names) => (-0.5, names.len() as f64 - 0.5),
            None => (
                xs.first().copied().unwrap_or(0.0),
                xs.last().copied().unwrap_or(1.0),
            ),
        };
        // A single x gets room either side, and so do the points of a discrete chart.
        let (x_lo, x_hi) = if x_hi <= x_lo {
            (x_lo - 1.0, x_lo + 1.0)
        } else if self.discrete && self.x_names.is_none() {
            let pad = (x_hi - x_lo) * 0.08;
            (x_lo - pad, x_hi + pad)
        } else {
            (x_lo, x_hi)
        };
        let ys = || {
            points()
                .flat_map(|p| {
                    [
                        p.y,
                        p.band.map_or(p.y, |b| b.0),
                        p.band.map_or(p.y, |b| b.1),
                    ]
                })
                .chain(self.reference.iter().map(|r| r.0))
                .chain(self.target.iter().flat_map(|&(lo, hi)| [lo, hi]))
        };
        let y_hi = ys().fold(f64::MIN, f64::max);
        let y_lo = ys().fold(f64::MAX, f64::min);
        let (y_lo, y_hi) = if self.from_zero {
            (0.0, nice_max(y_hi))
        } else {
            // A flat line still gets a readable span around it.
            let pad = ((y_hi - y_lo) * 0.1).max(y_hi.abs() * 0.02).max(1e-3);
            let (lo, hi) = (y_lo - pad, y_hi + pad);
            // Shares and seat gaps lie within 0–100%: the span slides inside it, not past it.
            match self.unit {
                Scale::Percent | Scale::Gap if hi > 1.0 => ((lo - (hi - 1.0)).max(0.0), 1.0),
                Scale::Percent | Scale::Gap if lo < 0.0 => (0.0, (hi - lo).min(1.0)),
                _ => (lo, hi),
            }
        };
        let (left, right, top, bottom) = (c.left, c.right, c.top, c.bottom);
        let x = |v: f64| left + (right - left) * (v - x_lo) / (x_hi - x_lo);
        let y = |v: f64| bottom - (bottom - top) * (v - y_lo) / (y_hi - y_lo);
        c.y_axis(&ticks(y_lo, y_hi), self.unit, &self.y_label, y);
        match &self.x_names {
            Some(names) => {
                for (i, name) in names.iter().enumerate() {
                    c.text(x(i as f64), bottom + 16.0, "middle", "tick", name);
                }
            }
            None => {
                // A few x values (a sweep's) are the ticks themselves; many get round ticks.
                let marks = if xs.len() <= 12 {
                    xs.clone()
                } else {
                    ticks(x_lo, x_hi)
                };
                for &t in &marks {
                    c.text(x(t), bottom + 16.0, "middle", "tick", &trim(t));
                }
            }
        }
        if let Some((lo, hi)) = self.target {
            let tip = format!(
                "target {} to {}",
                self.unit.format(lo),
                self.unit.format(hi)
            );
            c.rect(left, y(hi), right - left, y(lo) - y(hi), "target", &tip);
        }
        if let Some((at, _)) = &self.reference {
            c.line((left, y(*at)), (right, y(*at)), "reference");
        }
        for (s, pts) in self.series.iter().enumerate() {
            let class = format!("s{}", s % SERIES);
            // Discrete points sit side by side, series by series, each with an error bar.
            let shift = if self.discrete {
                (s as f64 - (self.series.len() as f64 - 1.0) / 2.0) * 7.0
            } else {
                0.0
            };
            let x = |v: f64| x(v) + shift;
            let banded: Vec<(f64, (f64, f64))> = pts
                .iter()
                .filter_map(|p| p.band.map(|b| (p.x, b)))
                .collect();
            if self.discrete {
                for (px, (lo, hi)) in &banded {
                    c.line(
                        (x(*px), y(*lo)),
                        (x(*px), y(*hi)),
                        &format!("whisker {class}"),
                    );
                    for end in [lo, hi] {
                        c.line(
                            (x(*px) - 4.0, y(*end)),
                            (x(*px) + 4.0, y(*end)),
                            &format!("whisker {class}"),
                        );
                    }
                }
            } else if !banded.is_empty() {
                let mut d = String::new();
                for (i, (px, (lo, _))) in banded.iter().enumerate() {
                    let cmd = if i == 0 { 'M' } else { 'L' };
                    write!(d, "{cmd}{:.1} {:.1} ", x(*px), y(*lo)).unwrap();
                }
                for (px, (_, hi)) in banded.iter().rev() {
                    write!(d, "L{:.1} {:.1} ", x(*px), y(*hi)).unwrap();
                }
                write!(
                    c.out,
                    r#"<path d="{}Z" class="band {class}"/>"#,
                    d.trim_end()
                )
                .unwrap();
            }
            let line: Vec<String> = pts
                .iter()
                .map(|p| format!("{:.1},{:.1}", x(p.x), y(p.y)))
                .collect();
            if !self.discrete || self.x_names.is_none() {
                write!(
                    c.out,
                    r#"<polyline points="{}" class="line {class}"/>"#,
                    line.join(" ")
                )
                .unwrap();
            }
            if pts.len() <= 40 || self.discrete {
                for p in pts {
                    let name = match &self.x_names {
                        Some(names) => names[p.x as usize].clone(),
                        None => Scale::Number.format(p.x),
                    };
                    let tip = self.unit.tip(&name, p.y, p.band);
                    write!(
                        c.out,
                        r#"<circle cx="{:.1}" cy="{:.1}" r="3" class="dot {class}"><title>{}</title></circle>"#,
                        x(p.x),
                        y(p.y),
                        escape(&tip)
                    )
                    .unwrap();
                }
            }
        }
        // The reference's name over the lines and whiskers, so none hides it.
        if let Some((at, name)) = &self.reference {
            c.text(right, y(*at) - 4.0, "end", "note", name);
        }
        c.line((left, bottom), (right, bottom), "axisline");
        c.x_label(&self.x_label);
        c.finish()
    }
}

/// Steps of a heat map's shading, faint to strong: the page gives each (`.h0`–`.h6`) a fill and
/// a text colour readable on it, in each theme, so the strongest cell stands out in both.
const HEAT: usize = 7;

/// The step of `v` on a heat map whose strongest value is `high`.
fn heat(v: f64, high: f64) -> usize {
    if high > 0.0 {
        ((v / high).clamp(0.0, 1.0) * (HEAT - 1) as f64).round() as usize
    } else {
        0
    }
}

impl Canvas {
    /// A heat-map cell: its square shaded by its step, with `lines` written on it, centred.
    fn heat_cell(
        &mut self,
        (x, y, w, h): (f64, f64, f64, f64),
        step: usize,
        tip: &str,
        lines: &[&str],
    ) {
        let class = format!("h{step}");
        self.rect(x, y, w, h, &format!("heat {class}"), tip);
        let first = y + h / 2.0 + 4.0 - 7.0 * (lines.len() - 1) as f64;
        for (i, line) in lines.iter().enumerate() {
            self.text(x + w / 2.0, first + 14.0 * i as f64, "middle", &class, line);
        }
    }
}

/// A board seen from above, one cell per square, each shaded by how much of something happens
/// there and showing it: a heat map.
pub(crate) struct HeatMap {
    pub title: String,
    pub rows: usize,
    pub columns: usize,
    /// Each square's row and column (from 0), its value, and a short mark drawn in it (the
    /// table, a mousehole); cells not listed are no square and drawn blank.
    pub cells: Vec<(usize, usize, f64, String)>,
    pub unit: Scale,
    /// What the values measure, under the board.
    pub caption: String,
}

impl HeatMap {
    pub(crate) fn svg(&self) -> String {
        // Room for two lines in a square: its mark and its value.
        let side = (440.0 / self.rows.max(self.columns).max(1) as f64).min(40.0);
        let height = 40.0 + side * self.rows as f64 + 40.0;
        let mut c = Canvas::new("board", &self.title, height, 0.0, 30.0, 40.0);
        let left = (WIDTH - side * self.columns as f64) / 2.0;
        let top = c.top;
        for r in 0..self.rows {
            for k in 0..self.columns {
                let (x, y) = (left + side * k as f64, top + side * r as f64);
                c.rect(x, y, side, side, "blank", "not a square");
            }
        }
        let high = self.cells.iter().map(|c| c.2).fold(0.0, f64::max);
        for (r, k, v, mark) in &self.cells {
            let place = (left + side * *k as f64, top + side * *r as f64, side, side);
            let value = self.unit.format(*v);
            let tip = format!("row {}, column {}: {value}", r + 1, k + 1);
            // A square holds four figures; a small count that is not 0 says so, its figure
            // in the hover text.
            let short =
                if self.unit == Scale::Number && rounded(*v, 2) == 0.0 && rounded(*v, 6) != 0.0 {
                    "<0.01".to_string()
                } else {
                    value.clone()
                };
            let lines: Vec<&str> = [mark.as_str(), &short]
                .into_iter()
                .filter(|l| !l.is_empty())
                .collect();
            c.heat_cell(place, heat(*v, high), &tip, &lines);
        }
        let bottom = top + side * self.rows as f64;
        let most = format!(
            "{}; the strongest square: {}",
            self.caption,
            self.unit.format(high)
        );
        c.text(WIDTH / 2.0, bottom + 24.0, "middle", "note", &most);
        c.finish()
    }
}

/// A table of values as a heat map, every row and column named: who beats whom.
pub(crate) struct Matrix {
    pub title: String,
    /// What the rows are, and the columns: the axis titles.
    pub row_label: String,
    pub column_label: String,
    pub rows: Vec<String>,
    pub columns: Vec<String>,
    /// Each cell's row, column and value; cells not listed have none and are drawn blank.
    pub cells: Vec<(usize, usize, f64)>,
    pub unit: Scale,
    /// A line under the table.
    pub note: String,
}

impl Matrix {
    pub(crate) fn svg(&self) -> String {
        let (row_lines, room) = row_labels(self.rows.iter().map(String::as_str));
        let left = 24.0 + room;
        let n = self.columns.len().max(1);
        let width = ((WIDTH - 16.0 - left) / n as f64).min(120.0);
        let tick = 11.0;
        let chars = ((width - 8.0) / text_width("x", tick)).max(1.0) as usize;
        let column_lines: Vec<Vec<String>> = self.columns.iter().map(|l| wrap(l, chars)).collect();
        let head_lines = column_lines.iter().map(Vec::len).max().unwrap_or(1);
        let top = 30.0 + 13.0 * head_lines as f64;
        let most_lines = row_lines.iter().map(Vec::len).max().unwrap_or(1);
        let height_of_row = (LABEL_LINE * most_lines as f64 + 10.0).max(30.0);
        let bottom = top + height_of_row * self.rows.len() as f64;
        let mut c = Canvas::new("matrix", &self.title, bottom + 36.0, left, top, 36.0);
        let middle = left + width * n as f64 / 2.0;
        c.text(middle, 14.0, "middle", "axis", &self.column_label);
        for (k, lines) in column_lines.iter().enumerate() {
            let x = left + width * (k as f64 + 0.5);
            for (i, line) in lines.iter().enumerate() {
                let y = top - 6.0 - 13.0 * (lines.len() - 1 - i) as f64;
                c.text(x, y, "middle", "tick", line);
            }
        }
        c.y_label(&self.row_label);
        let high = self.cells.iter().map(|c| c.2).fold(0.0, f64::max);
        for (r, lines) in row_lines.iter().enumerate() {
            let y = top + height_of_row * r as f64;
            let first = y + height_of_row / 2.0 + 4.0 - LABEL_LINE * (lines.len() - 1) as f64 / 2.0;
            for (i, line) in lines.iter().enumerate() {
                c.text(
                    left - 8.0,
                    first + LABEL_LINE * i as f64,
                    "end",
                    "label",
                    line,
                );
            }
            for k in 0..n {
                let place = (left + width * k as f64, y, width, height_of_row);
                match self.cells.iter().find(|c| c.0 == r && c.1 == k) {
                    Some(&(_, _, v)) => {
                        let value = self.unit.format(v);
                        let tip = format!("{} against {}: {value}", self.rows[r], self.columns[k]);
                        c.heat_cell(place, heat(v, high), &tip, &[&value]);
                    }
                    None => {
                        c.rect(place.0, place.1, width, height_of_row, "blank", "no games");
                        c.text(
                            place.0 + width / 2.0,
                            y + height_of_row / 2.0 + 4.0,
                            "middle",
                            "value",
                            "—",
                        );
                    }
                }
            }
        }
        c.text(middle, bottom + 22.0, "middle", "note", &self.note);
        c.finish()
    }
}

/// The dashed line at a fair share of wins.
pub(crate) fn fair_line(fair: f64) -> Option<(f64, String)> {
    Some((fair, format!("fair share {}", Scale::Percent.format(fair))))
}

/// What a caption says when there are more lines than colours to tell them apart.
pub(crate) fn series_note(count: usize, what: &str) -> String {
    if count > SERIES {
        format!(
            " Only the first {} of the {count} {what} are drawn.",
            SERIES
        )
    } else {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lengths(values: &[(i64, f64)]) -> Columns {
        let (categories, heights) = Columns::filled(values);
        Columns {
            title: String::new(),
            x_label: String::new(),
            y_label: String::new(),
            unit: Scale::Percent,
            categories,
            series: vec![heights],
            legend: vec![],
            markers: vec![],
            capped: None,
        }
    }

    #[test]
    fn a_cut_tail_names_the_longest_game_it_leaves_out() {
        // A sparse game at 40 turns is left out and named.
        let mut chart = lengths(&[(10, 0.5), (11, 0.4999), (40, 0.0001)]);
        assert_eq!(chart.cut_tail(SPARSE), Some(40));
        assert_eq!(chart.categories, vec![10, 11]);
        // Capped games (their share moved to a column of their own, leaving the cap's own
        // category empty) and the empty lengths before the cap leave no game out: the page
        // said "the longest took 1000" of a tail that held none.
        let mut chart = lengths(&[(10, 0.5), (11, 0.1), (1000, 0.0)]);
        assert_eq!(chart.cut_tail(SPARSE), None);
        assert_eq!(chart.categories, vec![10, 11]);
        assert_eq!(tail_note(None, "games"), "");
    }

    #[test]
    fn a_share_never_reads_as_certain_unless_it_is() {
        let shown = |x: f64| Scale::Percent.format(x);
        assert_eq!(shown(0.4023), "40.2%");
        assert_eq!((shown(0.0), shown(1.0)), ("0.0%".into(), "100.0%".into()));
        // 4 deck-outs in 10,000 games; 2 in 200,000; an interval's top of 0.0192%.
        assert_eq!(shown(0.9996), "99.96%");
        assert_eq!(shown(0.00001), "0.001%");
        assert_eq!(shown(0.000192), "0.02%");
        // Within a millionth of an end it is the end: an interval's bound a rounding error off.
        assert_eq!((shown(4e-7), shown(1e-17)), ("0.0%".into(), "0.0%".into()));
        assert_eq!(shown(1.0 - 1e-17), "100.0%");
        // A rare share is not doubled: 5 games in 10,000, 15; a tenth misstating it by no more
        // than a tenth of itself stays a tenth.
        assert_eq!(
            (shown(0.0005), shown(0.0015)),
            ("0.05%".into(), "0.15%".into())
        );
        assert_eq!(
            (shown(0.0042), shown(0.9985)),
            ("0.4%".into(), "99.85%".into())
        );
    }

    #[test]
    fn ticks_are_round_and_cover_the_range() {
        assert_eq!(
            ticks(0.0, 1.0),
            vec![0.0, 0.2, 0.4, 0.6000000000000001, 0.8, 1.0]
        );
        assert_eq!(ticks(0.0, 40.0), vec![0.0, 10.0, 20.0, 30.0, 40.0]);
        assert_eq!(ticks(13.0, 27.0), vec![15.0, 20.0, 25.0]);
        assert_eq!(nice_max(0.37), 0.4);
        assert_eq!(nice_max(0.0), 1.0);
    }

    #[test]
    fn numbers_read_as_people_write_them() {
        assert_eq!(Scale::Percent.format(0.4035), "40.4%");
        assert_eq!(Scale::Percent.format(0.25), "25.0%");
        // Halves round up whether the share is exact or read back from six decimals.
        assert_eq!(Scale::Percent.format(429.0 / 2000.0), "21.5%");
        assert_eq!(Scale::Percent.format(0.2145), "21.5%");
        assert_eq!(Scale::Number.format(18.68), "18.7");
        assert_eq!(Scale::Number.format(0.034), "0.03");
        assert_eq!(Scale::Number.format(2.0), "2");
        assert_eq!(Scale::Number.format(28.9979), "29.0");
        assert_eq!(Scale::Number.format(0.1), "0.10");
        // Not 0 is never shown as 0: two figures where two places show none.
        assert_eq!(Scale::Number.format(-0.001), "-0.001");
        assert_eq!(Scale::Number.format(0.0042), "0.0042");
        assert_eq!(Scale::Number.format(0.00015), "0.00015");
        assert_eq!(Scale::Number.format(4e-7), "0");
        assert_eq!(grouped(2_000_000), "2,000,000");
        assert_eq!(grouped(999), "999");
        assert_eq!(Scale::Points.format(0.0525), "+5.25 points");
        assert_eq!(Scale::Points.format(-0.121), "−12.1 points");
        assert_eq!(Scale::Points.format(0.0), "0 points");
        // Every bar of a chart to the same places, a whole point too; as a table's hundredths.
        assert_eq!(Scale::Points.format(-0.01), "−1.00 points");
        assert_eq!(Scale::Points.format(0.000025), "0.00 points");
        assert_eq!(Scale::Number.format(9.996), "10.0");
        assert_eq!(Scale::Gap.format(0.594), "59.4 points");
        assert_eq!(Scale::Gap.format(1.0), "100.0 points");
        assert_eq!(Scale::Change.format(0.256), "+25.6%");
        assert_eq!(Scale::Change.format(-0.2364), "−23.6%");
        // A table's two places round as a chart's label does.
        assert_eq!(Scale::Points.format(-0.00415), "−0.42 points");
        assert_eq!(signed(hundredths(-0.00415)), "−0.42");
        assert_eq!(hundredths(0.00005), "0.01");
        assert_eq!(hundredths(-0.00004), "0.00");
        assert_eq!(
            Columns::filled(&[(3, 1.0), (5, 2.0)]),
            (vec![3, 4, 5], vec![1.0, 0.0, 2.0])
        );
        // A score of five billion in a hand-edited scores.csv once asked for 40 GB.
        assert_eq!(
            Columns::filled(&[(9, 1.0), (5_000_000_000, 2.0), (i64::MIN, 0.5)]),
            (vec![i64::MIN, 9, 5_000_000_000], vec![0.5, 1.0, 2.0])
        );
        assert_eq!(escape("A <b> & \"c\""), "A &lt;b&gt; &amp; &quot;c&quot;");
    }

    #[test]
    fn bars_draw_one_rect_and_one_whisker_per_value() {
        let chart = HBars::new(
            "Win rate",
            "win rate",
            Scale::Percent,
            (0..3)
                .map(|s| {
                    Bar::new(format!("seat {s}"), 0.3)
                        .within(0.28, 0.32)
                        .flagged(s == 1)
                })
                .collect(),
        )
        .reference(Some((1.0 / 3.0, "fair share".into())))
        .svg();
        assert_eq!(chart.matches("<rect").count(), 3);
        assert_eq!(chart.matches(r#"class="whisker""#).count(), 9);
        assert_eq!(chart.matches("! seat 1").count(), 1);
        assert!(chart.contains("30.0% (95% CI 28.0% – 32.0%)"));
        // The fair-share line lies under the values, its name over everything.
        let at = |what: &str| chart.find(what).unwrap();
        assert!(at(r#"class="reference""#) < at(r#"class="value""#));
        assert!(at(">fair share<") > chart.rfind(r#"class="value""#).unwrap());
    }
}
