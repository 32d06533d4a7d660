//! The HTML page around the charts: one self-contained file, styles inline, readable in light
//! and dark themes and on paper. Markup is kept well-formed XML (every element closed) so tests
//! can parse it strictly.

use std::fmt::Write as _;

use super::svg::escape;

const STYLE: &str = r#"
:root { --bg: #ffffff; --fg: #1d1f21; --muted: #5f6368; --grid: #e4e4e4; --card: #f5f5f2;
  --warn: #a84300; --good: #00704f;
  --s0: #0072b2; --s1: #e69f00; --s2: #009e73; --s3: #cc79a7; --s4: #56b4e9; --s5: #d55e00;
  --h0: #eff3ff; --h1: #c6dbef; --h2: #9ecae1; --h3: #6baed6; --h4: #4292c6; --h5: #2171b5;
  --h6: #084594; --on-strong: #ffffff; --on-h4: var(--fg); }
/* Heat steps go from the background towards the strongest colour, which is dark on a light page
   and bright on a dark one; a cell's text takes whichever text colour keeps a 4.5:1 contrast on
   its step, the page's own up to step 3 and --on-strong from step 5, step 4 depending on the
   theme. Only on screen: a page prints light. */
@media screen and (prefers-color-scheme: dark) {
  :root { --bg: #16181b; --fg: #e6e6e6; --muted: #a4a9ae; --grid: #2f3338; --card: #202327;
    --warn: #ffb35c; --good: #5fd3a6;
    --s0: #2f86c4; --s1: #e69f00; --s2: #35c29a; --s3: #e394c4; --s4: #a5d5f2; --s5: #ff8a4c;
    --h0: #1d2833; --h1: #1f3a52; --h2: #1f5073; --h3: #226a99; --h4: #5aa3d6; --h5: #8cc4ec;
    --h6: #cbe6fa; --on-strong: var(--bg); --on-h4: var(--bg); }
}
@media print {
  :root { --bg: #ffffff; --fg: #000000; --muted: #444444; --grid: #dddddd; --card: #ffffff;
    --warn: #8a3400; --good: #00563c;
    --s0: #0072b2; --s1: #e69f00; --s2: #009e73; --s3: #cc79a7; --s4: #56b4e9; --s5: #d55e00; }
  section, figure, table { break-inside: avoid; }
  h2 { break-after: avoid; }
  body { margin: 0; max-width: none; }
}
body { background: var(--bg); color: var(--fg); font: 15px/1.5 system-ui, -apple-system,
  "Segoe UI", Roboto, sans-serif; max-width: 820px; margin: 2em auto; padding: 0 1em;
  overflow-wrap: break-word; }
h1 { font-size: 1.6em; margin-bottom: 0.1em; }
h2 { font-size: 1.2em; margin: 1.8em 0 0.3em; border-bottom: 1px solid var(--grid); }
.sub { color: var(--muted); margin-top: 0; }
.answer { color: var(--muted); margin: 0 0 0.4em; }
.lead { font-size: 1.1em; margin: 0.5em 0; }
.lead.warning { color: var(--warn); font-weight: 700; }
figure { margin: 0.6em 0 1.4em; }
figcaption { color: var(--muted); font-size: 0.9em; }
/* A table wider than a phone scrolls sideways on its own, as a chart does; it wraps its cells
   only between words, as the body does ("ismct|s(iter|ations=10)" no longer reads as a name). */
table { border-collapse: collapse; font-size: 0.9em; margin: 0.5em 0; display: block;
  overflow-x: auto; }
th, td { padding: 0.2em 0.7em; text-align: left; border-bottom: 1px solid var(--grid); }
/* A figure is never broken across lines ("+9.02 poi|nts"): its table scrolls instead. */
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
td.n { white-space: nowrap; }
/* A table of many figures (a sweep's every point) reads smaller and tighter, so its columns fit
   the text's width instead of scrolling out of sight. */
table.wide { font-size: 0.78em; }
table.wide th, table.wide td { padding: 0.2em 0.35em; }
tr.significant td { font-weight: 700; }
tr.significant td:first-child::before { content: "\25B6  "; color: var(--warn); }
.keys { display: flex; flex-wrap: wrap; gap: 0.6em; margin: 0.8em 0; }
.key { background: var(--card); border-radius: 6px; padding: 0.4em 0.8em; min-width: 9em; }
.key b { display: block; font-size: 1.3em; }
.key span { color: var(--muted); font-size: 0.85em; }
ul.findings li { margin: 0.2em 0; }
ul.findings li::marker { content: "!  "; color: var(--warn); font-weight: 700; }
.fine { color: var(--good); }
pre { background: var(--card); padding: 0.6em 0.8em; border-radius: 6px; overflow-x: auto;
  white-space: pre-wrap; }
pre .word { white-space: nowrap; }
/* A chart scales with the column but no narrower than 600px, where its smallest text (11 of 720
   units) is still 9px: on a phone it scrolls sideways inside its figure instead of shrinking to
   unreadable type, and the page itself never scrolls sideways. */
figure { overflow-x: auto; }
svg.chart { width: 100%; min-width: 600px; height: auto; display: block; }
svg text { fill: var(--fg); font-size: 12px; font-family: system-ui, sans-serif; }
svg .tick, svg .axis { fill: var(--muted); }
svg .tick { font-size: 11px; }
svg .note { font-size: 11px; font-style: italic; }
/* Notes and values can cross a grid or marker line: a halo in the background colour keeps them
   readable. */
svg .note, svg .value { paint-order: stroke; stroke: var(--bg); stroke-width: 3px;
  stroke-linejoin: round; }
svg .value, svg .legend { font-size: 11px; }
svg .label { font-size: 12px; }
svg .dot { stroke: var(--bg); stroke-width: 1; }
svg .grid { stroke: var(--grid); }
svg .axisline { stroke: var(--muted); }
svg .reference { stroke: var(--fg); stroke-dasharray: 4 3; }
svg .whisker { stroke: var(--fg); stroke-width: 1.5; }
svg .s0 { fill: var(--s0); stroke: var(--s0); } svg .s1 { fill: var(--s1); stroke: var(--s1); }
svg .s2 { fill: var(--s2); stroke: var(--s2); } svg .s3 { fill: var(--s3); stroke: var(--s3); }
svg .s4 { fill: var(--s4); stroke: var(--s4); } svg .s5 { fill: var(--s5); stroke: var(--s5); }
svg .bar { stroke: none; }
svg .line { fill: none; stroke-width: 2; }
svg .band { stroke: none; fill-opacity: 0.22; }
svg .target { fill: var(--good); fill-opacity: 0.16; stroke: var(--good); stroke-opacity: 0.5; stroke-dasharray: 4 3; }
svg .flag { fill: var(--warn); font-weight: 700; }
svg .heat { stroke: var(--bg); stroke-width: 1; }
svg .capped { font-weight: 700; }
svg rect.h0 { fill: var(--h0); } svg rect.h1 { fill: var(--h1); } svg rect.h2 { fill: var(--h2); }
svg rect.h3 { fill: var(--h3); } svg rect.h4 { fill: var(--h4); } svg rect.h5 { fill: var(--h5); }
svg rect.h6 { fill: var(--h6); }
svg text.h0, svg text.h1, svg text.h2, svg text.h3 { fill: var(--fg); }
svg text.h4 { fill: var(--on-h4); }
svg text.h5, svg text.h6 { fill: var(--on-strong); }
svg .blank { fill: var(--grid); stroke: none; }
"#;

/// Columns past which a table is set smaller, to fit the page's text width.
const WIDE: usize = 8;

/// A command line that wraps only between its words, never inside `--players`, and copies
/// back exactly as typed.
fn command_html(cmd: &str) -> String {
    cmd.split(' ')
        .map(|word| format!("<span class=\"word\">{}</span>", escape(word)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `text` as a sentence starts: its first letter a capital (a finding may open with a figure's
/// name, `mean game length (tests) moves …`).
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// A chart under a heading that asks the question it answers, with how to read it.
pub struct Section {
    pub question: String,
    pub how: String,
    pub svg: String,
}

/// A report page being assembled, section by section.
pub(crate) struct Page {
    body: String,
    title: String,
    /// A warning was already given above the findings.
    warned: bool,
}

impl Page {
    pub(crate) fn new(title: &str, subtitle: &str) -> Self {
        let mut body = String::new();
        write!(
            body,
            "<h1>{}</h1>\n<p class=\"sub\">{}</p>\n",
            escape(title),
            escape(subtitle)
        )
        .unwrap();
        Self {
            body,
            title: title.into(),
            warned: false,
        }
    }

    /// Headline numbers, each with what it means.
    pub(crate) fn keys(&mut self, keys: &[(String, String)]) {
        self.body.push_str("<div class=\"keys\">");
        for (value, meaning) in keys {
            write!(
                self.body,
                "<div class=\"key\"><b>{}</b><span>{}</span></div>",
                escape(value),
                escape(meaning)
            )
            .unwrap();
        }
        self.body.push_str("</div>\n");
    }

    /// The answer, before anything else: each sentence a paragraph, a warning marked as one.
    pub(crate) fn lead(&mut self, sentences: &[(bool, String)]) {
        for (warning, text) in sentences {
            self.warned |= *warning;
            let class = if *warning { "lead warning" } else { "lead" };
            let mark = if *warning { "! " } else { "" };
            writeln!(self.body, "<p class=\"{class}\">{mark}{}</p>", escape(text)).unwrap();
        }
    }

    pub(crate) fn heading(&mut self, text: &str) {
        writeln!(self.body, "<h2>{}</h2>", escape(text)).unwrap();
    }

    pub(crate) fn paragraph(&mut self, text: &str) {
        writeln!(self.body, "<p>{}</p>", escape(text)).unwrap();
    }

    /// The command that plays the run again, under the title.
    pub(crate) fn command(&mut self, cmd: &str) {
        if !cmd.is_empty() {
            writeln!(self.body, "<pre><code>{}</code></pre>", command_html(cmd)).unwrap();
        }
    }

    /// What was run and how to run it again; rows with nothing to say are left out.
    pub(crate) fn run(&mut self, rows: &[(&str, String)], reproduce: Option<&str>) {
        self.heading("The run");
        let rows: Vec<Vec<String>> = rows
            .iter()
            .filter(|(_, v)| !v.is_empty())
            .map(|(k, v)| vec![k.to_string(), v.clone()])
            .collect();
        self.table(&["", ""], &rows, &[]);
        if let Some(cmd) = reproduce.filter(|c| !c.is_empty()) {
            self.paragraph("To play exactly these games again:");
            writeln!(self.body, "<pre><code>{}</code></pre>", command_html(cmd)).unwrap();
        }
    }

    /// The list of things the data says to look at; says so when there is nothing.
    pub(crate) fn findings(&mut self, findings: &[String]) {
        self.heading("Things to look at");
        if findings.is_empty() {
            let text = if self.warned {
                "Nothing else stands out: no check below fired."
            } else {
                "Nothing stands out: no check below fired."
            };
            writeln!(self.body, "<p class=\"fine\">{text}</p>").unwrap();
            return;
        }
        self.body.push_str("<ul class=\"findings\">");
        for f in findings {
            write!(self.body, "<li>{}</li>", escape(&capitalised(f))).unwrap();
        }
        self.body.push_str("</ul>\n");
    }

    pub(crate) fn figure(&mut self, s: &Section) {
        self.heading(&s.question);
        writeln!(
            self.body,
            "<figure>{}<figcaption>{}</figcaption></figure>",
            s.svg,
            escape(&s.how)
        )
        .unwrap();
    }

    /// A table; rows whose index is in `marked` are highlighted. Columns after the first whose
    /// header is not empty are right-aligned numbers.
    pub(crate) fn table(&mut self, header: &[&str], rows: &[Vec<String>], marked: &[usize]) {
        self.body.push_str(if header.len() > WIDE {
            "<table class=\"wide\">"
        } else {
            "<table>"
        });
        let numeric = header.iter().any(|h| !h.is_empty());
        if numeric {
            self.body.push_str("<tr>");
            for (i, h) in header.iter().enumerate() {
                let class = if i > 0 { " class=\"n\"" } else { "" };
                write!(self.body, "<th{class}>{}</th>", escape(h)).unwrap();
            }
            self.body.push_str("</tr>");
        }
        for (r, row) in rows.iter().enumerate() {
            let class = if marked.contains(&r) {
                " class=\"significant\""
            } else {
                ""
            };
            write!(self.body, "<tr{class}>").unwrap();
            for (i, cell) in row.iter().enumerate() {
                let class = if i > 0 && numeric { " class=\"n\"" } else { "" };
                // A cell's line break is kept: a rate above its interval keeps a column narrow.
                let cell = escape(cell).replace('\n', "<br/>");
                write!(self.body, "<td{class}>{cell}</td>").unwrap();
            }
            self.body.push_str("</tr>");
        }
        self.body.push_str("</table>\n");
    }

    pub(crate) fn finish(self) -> String {
        use super::GENERATOR;
        format!(
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n\
             <meta name=\"color-scheme\" content=\"light dark\"/>\n\
             <meta name=\"generator\" content=\"{GENERATOR}\"/>\n\
             <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n{}\
             <p class=\"sub\">Made by whisker {}. Every interval is a 95% confidence interval.</p>\n\
             </body>\n</html>\n",
            escape(&self.title),
            self.body,
            env!("CARGO_PKG_VERSION")
        )
    }
}
