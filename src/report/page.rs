//! The HTML page around the charts: one self-contained file, styles inline, readable in light
//! and dark themes and on paper. Markup is kept well-formed XML (every element closed) so tests
//! can parse it strictly.

use std::fmt::Write as _;

use super::svg::escape;

const STYLE: &str = r#"
:root { --bg: #ffffff; --fg: #1d1f21; --muted: #5f6368; --grid: #e4e4e4; --card: #f5f5f2;
  --warn: #a84300; --good: #00704f;
  --s0: #0072b2; --s1: #e69f00; --s2: #009e73; --s3: #cc79a7; --s4: #56b4e9; --s5: #d55e00; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #16181b; --fg: #e6e6e6; --muted: #a4a9ae; --grid: #2f3338; --card: #202327;
    --warn: #ffb35c; --good: #5fd3a6;
    --s0: #2f86c4; --s1: #e69f00; --s2: #35c29a; --s3: #e394c4; --s4: #a5d5f2; --s5: #ff8a4c; }
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
  "Segoe UI", Roboto, sans-serif; max-width: 820px; margin: 2em auto; padding: 0 1em; }
h1 { font-size: 1.6em; margin-bottom: 0.1em; }
h2 { font-size: 1.2em; margin: 1.8em 0 0.3em; border-bottom: 1px solid var(--grid); }
.sub { color: var(--muted); margin-top: 0; }
.answer { color: var(--muted); margin: 0 0 0.4em; }
figure { margin: 0.6em 0 1.4em; }
figcaption { color: var(--muted); font-size: 0.9em; }
table { border-collapse: collapse; font-size: 0.9em; margin: 0.5em 0; }
th, td { padding: 0.2em 0.7em; text-align: left; border-bottom: 1px solid var(--grid); }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
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
svg.chart { width: 100%; height: auto; display: block; }
svg text { fill: var(--fg); font-size: 12px; font-family: system-ui, sans-serif; }
svg .tick, svg .axis { fill: var(--muted); }
svg .tick { font-size: 11px; }
svg .note { font-size: 11px; font-style: italic; }
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
svg .flag { fill: var(--warn); font-weight: 700; }
svg .cell { fill: var(--bg); stroke: var(--grid); }
svg .heat { fill: var(--warn); stroke: none; }
svg .blank { fill: var(--grid); stroke: none; }
"#;

/// A command line that wraps only between its words, never inside `--players`, and copies
/// back exactly as typed.
fn command_html(cmd: &str) -> String {
    cmd.split(' ')
        .map(|word| format!("<span class=\"word\">{}</span>", escape(word)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A chart under a heading that asks the question it answers, with how to read it.
pub struct Section {
    pub question: String,
    pub how: String,
    pub svg: String,
}

/// A report page being assembled, section by section.
pub struct Page {
    body: String,
    title: String,
}

impl Page {
    pub fn new(title: &str, subtitle: &str) -> Self {
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
        }
    }

    /// Headline numbers, each with what it means.
    pub fn keys(&mut self, keys: &[(String, String)]) {
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

    pub fn heading(&mut self, text: &str) {
        writeln!(self.body, "<h2>{}</h2>", escape(text)).unwrap();
    }

    pub fn paragraph(&mut self, text: &str) {
        writeln!(self.body, "<p>{}</p>", escape(text)).unwrap();
    }

    /// The command that plays the run again, under the title.
    pub fn command(&mut self, cmd: &str) {
        if !cmd.is_empty() {
            writeln!(self.body, "<pre><code>{}</code></pre>", command_html(cmd)).unwrap();
        }
    }

    /// What was run and how to run it again; rows with nothing to say are left out.
    pub fn run(&mut self, rows: &[(&str, String)], reproduce: Option<&str>) {
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
    pub fn findings(&mut self, findings: &[String]) {
        self.heading("Things to look at");
        if findings.is_empty() {
            self.body
                .push_str("<p class=\"fine\">Nothing stands out: no check below fired.</p>\n");
            return;
        }
        self.body.push_str("<ul class=\"findings\">");
        for f in findings {
            write!(self.body, "<li>{}</li>", escape(f)).unwrap();
        }
        self.body.push_str("</ul>\n");
    }

    pub fn figure(&mut self, s: &Section) {
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
    pub fn table(&mut self, header: &[&str], rows: &[Vec<String>], marked: &[usize]) {
        self.body.push_str("<table>");
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
                write!(self.body, "<td{class}>{}</td>", escape(cell)).unwrap();
            }
            self.body.push_str("</tr>");
        }
        self.body.push_str("</table>\n");
    }

    pub fn finish(self) -> String {
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
