// Injected into a copy of a report page by tests/pages.rs: measures every chart as Chromium
// lays it out and posts what is wrong to the page framing it (which sets the width).
addEventListener('load', () => {
  const problems = [];
  const facts = { dark: matchMedia('(prefers-color-scheme: dark)').matches, width: innerWidth, capped: [] };
  const say = (chart, what, text) => problems.push({ chart, what, text });
  const rgb = s => (s.match(/[\d.]+/g) || []).slice(0, 4).map(Number);
  const lum = ([r, g, b]) => {
    const c = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * c(r) + 0.7152 * c(g) + 0.0722 * c(b);
  };
  const over = (top, alpha, under) => top.map((v, i) => v * alpha + under[i] * (1 - alpha));
  const page = rgb(getComputedStyle(document.body).backgroundColor);
  const pageWidth = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > pageWidth + 1)
    say('page', 'the page scrolls sideways', `${document.documentElement.scrollWidth} > ${pageWidth}`);
  const inside = (a, b, slack) => a.left >= b.left - slack && a.right <= b.right + slack
    && a.top >= b.top - slack && a.bottom <= b.bottom + slack;
  // A word of a table broken across lines ("ismct|s(iter|ations=10)") no longer reads as the
  // name it is: the table should scroll instead. A break after a hyphen or a slash is a
  // reader's too ("ginger-|bluff", "configs/|mouse-chaos").
  for (const cell of document.querySelectorAll('th, td')) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.textContent.matchAll(/[^\s\/-]+[\/-]?|[\/-]/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
        if (tops.size > 1) say('table', 'word broken across lines', m[0]);
      }
    }
  }
  // On a wide screen a table of a few columns fits the page's: one that scrolls there hides its
  // last column (the ladder's standings once did, behind "level: the ladder cannot tell them
  // apart"). A sweep's dozen metrics scroll as a spreadsheet's columns do.
  if (innerWidth >= 1000)
    for (const table of document.querySelectorAll('table'))
      if (table.rows[0]?.cells.length <= 6 && table.scrollWidth > table.clientWidth + 1)
        say('table', 'table scrolls sideways on a wide screen', table.querySelector('th, td')?.textContent);
  for (const svg of document.querySelectorAll('svg.chart')) {
    const chart = svg.getAttribute('aria-label');
    const frame = svg.getBoundingClientRect();
    const scale = frame.width / svg.viewBox.baseVal.width;
    // What the reader can reach: the page, or the figure that scrolls the chart sideways.
    let box = svg.parentElement;
    while (box !== document.documentElement && !/auto|scroll/.test(getComputedStyle(box).overflowX)) box = box.parentElement;
    const reach = box === document.documentElement
      ? { left: 0, right: pageWidth }
      : { left: box.getBoundingClientRect().left - box.scrollLeft,
          right: box.getBoundingClientRect().left - box.scrollLeft + box.scrollWidth };
    if (frame.left < reach.left - 1 || frame.right > reach.right + 1)
      say(chart, 'chart wider than the page', `${frame.left}..${frame.right}`);
    const texts = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim());
    const rects = [...svg.querySelectorAll('rect')];
    const boxes = texts.map(t => t.getBoundingClientRect());
    texts.forEach((t, i) => {
      const r = boxes[i], s = t.textContent;
      if (!inside(r, frame, 0.5)) say(chart, 'text outside its chart', s);
      const size = parseFloat(getComputedStyle(t).fontSize) * scale;
      if (size < 9) say(chart, `text too small (${size.toFixed(1)} px)`, s);
      for (let j = 0; j < i; j++) {
        const q = boxes[j];
        const w = Math.min(r.right, q.right) - Math.max(r.left, q.left);
        const h = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
        if (w > 1 && h > 1) say(chart, 'texts overlap', `${texts[j].textContent} | ${s}`);
      }
      // The colour behind a text: the last filled rect under its middle, else the page.
      const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
      let back = page;
      for (const rect of rects) {
        const b = rect.getBoundingClientRect();
        const st = getComputedStyle(rect);
        if (x < b.left || x > b.right || y < b.top || y > b.bottom || st.fill === 'none') continue;
        const f = rgb(st.fill);
        back = over(f.slice(0, 3), parseFloat(st.fillOpacity) * (f.length > 3 ? f[3] : 1), back);
      }
      const fg = rgb(getComputedStyle(t).fill);
      const [hi, lo] = [lum(fg), lum(back)].sort((a, b) => b - a);
      const contrast = (hi + 0.05) / (lo + 0.05);
      if (contrast < 4.5) say(chart, `low contrast ${contrast.toFixed(2)}`, s);
    });
    const kind = svg.dataset.kind;
    const axes = svg.querySelectorAll('text.axis').length;
    const need = { hbars: 1, columns: 2, lines: 2, matrix: 2, board: 0 }[kind];
    if (need === undefined) say(chart, 'chart of no known kind', kind);
    else if (axes < need) say(chart, `${axes} axis labels, ${need} needed`, kind);
    for (const cell of svg.querySelectorAll('rect.heat')) {
      const b = cell.getBoundingClientRect();
      const labelled = texts.some((t, i) => inside(boxes[i], b, 0.5) && t.textContent.trim());
      if (!labelled) say(chart, 'heat cell without its value', cell.textContent);
    }
    for (const bar of svg.querySelectorAll('rect.capped')) {
      const b = bar.getBoundingClientRect();
      facts.capped.push({ chart, height: b.height,
        label: texts.filter(t => t.classList.contains('capped')).map(t => t.textContent) });
    }
  }
  parent.postMessage(JSON.stringify({ facts, problems }), '*');
});
