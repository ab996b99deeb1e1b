// Opens gpuwhy's HTML reports in a real browser (Debian's /usr/bin/chromium, driven by
// playwright-core; no browser is ever downloaded) and checks the class page against the batch
// JSON of the same bundles: per-check pass counts, histogram bins, the most common mistakes;
// that clicking the score header re-sorts the students; that a page makes no network request;
// and that nothing a student wrote runs as script. Saves PNG screenshots of both pages.
//
// Usage: node report_page.test.mjs ARTIFACTS_DIR   (tests/browser/run makes the inputs)
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

const art = process.argv[2];
assert.ok(art, "usage: node report_page.test.mjs ARTIFACTS_DIR");
const batch = JSON.parse(fs.readFileSync(path.join(art, "batch.json"), "utf8"));

let failures = 0;
async function test(name, fn) {
  try {
    await fn();
    console.log(`ok - ${name}`);
  } catch (e) {
    failures++;
    console.log(`not ok - ${name}\n  ${String(e.stack || e).split("\n").join("\n  ")}`);
  }
}

// ---- What the batch JSON says (only complete runs are scored; same rules as render_class.cpp).
const scored = batch.submissions.filter((s) => s.complete);
function expectedCheckCounts() {
  const counts = {};
  for (const s of scored) {
    for (const c of s.report.checks) {
      if (c.status !== "pass" && c.status !== "fail") continue;
      counts[c.id] ??= { passed: 0, graded: 0 };
      counts[c.id].graded++;
      if (c.status === "pass") counts[c.id].passed++;
    }
  }
  return counts;
}
function expectedBins() {
  const bins = new Array(10).fill(0);
  for (const s of scored) bins[s.max_score <= 0 ? 9 : Math.min(9, Math.floor((s.score * 10) / s.max_score))]++;
  return bins;
}
// The root causes: failed checks with no cause of their own, each student once per check.
function expectedRoots() {
  const m = {};
  for (const s of scored) {
    for (const c of s.report.checks) {
      if (c.status !== "fail" || c.caused_by) continue;
      m[c.id] = (m[c.id] ?? 0) + 1;
    }
  }
  return m;
}

const userDir = fs.mkdtempSync(path.join(os.tmpdir(), "gpuwhy-chromium-"));
const context = await chromium.launchPersistentContext(userDir, {
  executablePath: "/usr/bin/chromium",
  headless: true,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
  viewport: { width: 1200, height: 900 },
});

// Every request a page makes is recorded; only its own file:// document is allowed.
async function open(file) {
  const page = await context.newPage();
  const requests = [];
  const errors = [];
  page.on("request", (r) => requests.push(r.url()));
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.route("**/*", (route) => {
    const u = route.request().url();
    return u.startsWith("file://") ? route.continue() : route.abort();
  });
  const url = pathToFileURL(path.resolve(file)).href;
  await page.goto(url, { waitUntil: "load" });
  return { page, requests, errors, url };
}

try {
  const cls = await open(path.join(art, "class.html"));
  const { page } = cls;

  await test("class page: lang, title and no script errors", async () => {
    assert.equal(await page.getAttribute("html", "lang"), "en");
    assert.deepEqual(cls.errors, []);
    const head = await page.locator("#class-summary").getAttribute("data-submissions");
    assert.equal(Number(head), batch.submissions.length);
    assert.equal(Number(await page.locator("#class-summary").getAttribute("data-scored")), scored.length);
  });

  await test("class page: per-check pass counts equal the batch JSON", async () => {
    const want = expectedCheckCounts();
    const rows = await page.$$eval("#checks tr.rate", (trs) =>
      trs.map((t) => ({ id: t.dataset.check, passed: Number(t.dataset.passed), graded: Number(t.dataset.graded) })),
    );
    assert.equal(rows.length, Object.keys(want).length);
    for (const r of rows) assert.deepEqual({ passed: r.passed, graded: r.graded }, want[r.id], r.id);
    // worst first
    const rates = rows.map((r) => r.passed / r.graded);
    for (let i = 1; i < rates.length; i++) assert.ok(rates[i - 1] <= rates[i] + 1e-9, "sorted worst first");
  });

  await test("class page: its numbers equal the batch JSON's class block", async () => {
    const cls = batch.class;
    assert.equal(cls.submissions, batch.submissions.length);
    assert.equal(cls.scored, scored.length);
    assert.equal(cls.incomplete, batch.submissions.length - scored.length);
    const pct = scored.map((s) => (s.max_score > 0 ? (100 * s.score) / s.max_score : 100)).sort((a, b) => a - b);
    const n = pct.length;
    const median = n % 2 ? pct[(n - 1) / 2] : (pct[n / 2 - 1] + pct[n / 2]) / 2;
    assert.equal(cls.score_percent.median, Number(median.toFixed(1)));
    assert.equal(cls.score_percent.min, Number(pct[0].toFixed(1)));
    assert.equal(cls.score_percent.max, Number(pct[n - 1].toFixed(1)));
    assert.equal(cls.perfect, scored.filter((s) => s.score === s.max_score).length);
    // Per step, students: every graded check of the step passed.
    const steps = {};
    for (const s of scored) {
      const right = {};
      for (const c of s.report.checks) {
        if (c.status !== "pass" && c.status !== "fail") continue;
        right[c.step] = (right[c.step] ?? true) && c.status === "pass";
      }
      for (const [k, ok] of Object.entries(right)) {
        steps[k] ??= { passed: 0, graded: 0 };
        steps[k].graded++;
        if (ok) steps[k].passed++;
      }
    }
    for (const r of cls.steps) assert.deepEqual({ passed: r.passed, graded: r.graded }, steps[r.step], `step ${r.step}`);
    const pageSteps = await page.$$eval("#steps tr.rate", (trs) =>
      trs.map((t) => ({ step: Number(t.dataset.step), passed: Number(t.dataset.passed), graded: Number(t.dataset.graded) })),
    );
    assert.deepEqual(pageSteps, cls.steps);
    const pageChecks = await page.$$eval("#checks tr.rate", (trs) =>
      trs.map((t) => ({ id: t.dataset.check, passed: Number(t.dataset.passed), graded: Number(t.dataset.graded) })),
    );
    assert.deepEqual(pageChecks, cls.checks);
    const summary = await page.locator("#class-summary").innerText();
    assert.ok(summary.includes(`${cls.score_percent.median.toFixed(1)} %`), summary);
  });

  await test("class page: a low pass rate is coloured by its severity", async () => {
    const rows = await page.$$eval("tr.rate", (trs) =>
      trs.map((t) => ({ passed: Number(t.dataset.passed), graded: Number(t.dataset.graded), cls: t.className })),
    );
    let coloured = 0;
    for (const r of rows) {
      const want = r.graded === 0 ? "" : 2 * r.passed < r.graded ? "low" : 5 * r.passed < 4 * r.graded ? "mid" : "";
      assert.equal(r.cls.replace("rate", "").trim(), want, JSON.stringify(r));
      if (want !== "") coloured++;
    }
    assert.ok(coloured > 0, "the class has a rate under four in five");
  });

  await test("class page: histogram bins (SVG and its table) equal the batch JSON", async () => {
    const want = expectedBins();
    const svg = await page.$$eval("svg.histogram rect.bin", (rs) => rs.map((r) => Number(r.dataset.count)));
    const table = await page.$$eval("table.bins tbody tr", (rs) => rs.map((r) => Number(r.dataset.count)));
    assert.deepEqual(svg, want);
    assert.deepEqual(table, want);
    assert.equal(want.reduce((a, b) => a + b, 0), scored.length);
  });

  await test("class page: root causes equal the batch JSON's reports, most students first", async () => {
    const want = expectedRoots();
    const items = await page.$$eval("ol.root-causes li.root-cause", (ls) =>
      ls.map((l) => ({ id: l.dataset.check, count: Number(l.dataset.count) })),
    );
    assert.equal(items.length, Object.keys(want).length);
    for (const it of items) assert.equal(it.count, want[it.id], it.id);
    for (let i = 1; i < items.length; i++) assert.ok(items[i - 1].count >= items[i].count, "most first");
    assert.deepEqual(items.map((i) => [i.id, i.count]), batch.class.roots.map((r) => [r.id, r.count]));
    console.log(`# top root causes: ${items.slice(0, 3).map((i) => `${i.id} (${i.count})`).join("; ")}`);
  });

  await test("class page: clicking the score header sorts the students by score", async () => {
    const scores = () => page.$$eval("#students tbody tr", (rs) => rs.map((r) => Number(r.cells[1].dataset.value)));
    const before = await scores();
    assert.equal(before.length, scored.length);
    await page.click("#sort-score button");
    const up = await scores();
    assert.deepEqual(up, [...before].sort((a, b) => a - b));
    assert.equal(await page.getAttribute("#sort-score", "aria-sort"), "ascending");
    await page.click("#sort-score button");
    assert.deepEqual(await scores(), [...before].sort((a, b) => b - a));
  });

  await test("class page: the check filter shows only students who failed that check", async () => {
    const check = await page.$eval("#checks tr.rate", (t) => t.dataset.check);
    await page.selectOption("#filter", check);
    const shown = await page.$$eval("#students tbody tr:not([hidden])", (rs) => rs.map((r) => r.dataset.user));
    const want = scored.filter((s) => s.report.checks.some((c) => c.id === check && c.status === "fail")).map((s) => s.user);
    assert.deepEqual([...shown].sort(), [...want].sort());
    await page.selectOption("#filter", "");
  });

  await test("class page: no network request", async () => {
    assert.deepEqual(cls.requests.filter((u) => u !== cls.url), []);
  });
  await page.screenshot({ path: path.join(art, "class.png"), fullPage: true });

  const stu = await open(path.join(art, "student.html"));
  await test("student page: a step each, failing steps open and passing ones folded, roots first, no request", async () => {
    const p = stu.page;
    const report = JSON.parse(fs.readFileSync(path.join(art, "student.json"), "utf8"));
    assert.equal(Number(await p.getAttribute("#score", "data-score")), report.score);
    const graded = report.steps.filter((s) => s.passed + s.failed + s.errors > 0);
    const steps = await p.$$eval(".step[data-step]", (s) => s.map((x) => Number(x.dataset.step)));
    assert.deepEqual(steps, graded.map((s) => s.step));
    // A step with a failure is a section, open; a step that passed whole is a closed <details>.
    const open = await p.$$eval("section.step", (s) => s.map((x) => Number(x.dataset.step)));
    assert.deepEqual(open, graded.filter((s) => s.failed + s.errors > 0).map((s) => s.step));
    const folded = await p.$$eval("details.step.passed", (s) => s.map((x) => [Number(x.dataset.step), x.open]));
    assert.deepEqual(folded, graded.filter((s) => s.failed + s.errors === 0).map((s) => [s.step, false]));
    assert.ok(open.length > 0 && folded.length > 0, "the capture has both kinds of step");
    // The roots come before the steps, one block per root, its consequences under it.
    const roots = await p.$$eval("#roots .root", (r) => r.map((x) => x.dataset.check));
    assert.deepEqual(roots, report.roots);
    const after = await p.evaluate(() => {
      const r = document.getElementById("roots");
      const s = document.querySelector(".step[data-step]");
      return Boolean(r.compareDocumentPosition(s) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    assert.ok(after, "the roots stand before the first step");
    const under = await p.$$eval("#roots li[data-caused-by]", (l) => l.map((x) => x.dataset.check).sort());
    const caused = report.checks.filter((c) => c.status === "fail" && c.caused_by).map((c) => c.id).sort();
    assert.deepEqual(under, caused);
    const statuses = await p.$$eval("tr.check", (t) => t.map((x) => [x.dataset.check, x.dataset.status]));
    assert.deepEqual(statuses, report.checks.filter((c) => c.status !== "skip").map((c) => [c.id, c.status]));
    assert.ok((await p.locator("details.evidence").count()) > 0);
    assert.deepEqual(stu.requests.filter((u) => u !== stu.url), []);
    assert.deepEqual(stu.errors, []);
  });
  await stu.page.screenshot({ path: path.join(art, "student.png"), fullPage: true });

  // A phone is 390 px wide: a table scrolls inside its box, the page itself never sideways.
  for (const file of ["class.html", "class.ko.html", "student.html", "student.ko.html", "student.ja.html"]) {
    await test(`${file}: no sideways scrolling of the page at 390 px`, async () => {
      const o = await open(path.join(art, file));
      await o.page.setViewportSize({ width: 390, height: 844 });
      const [scroll, view] = await o.page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      assert.ok(scroll <= view, `scrollWidth ${scroll} > viewport ${view}`);
      if (file === "class.ko.html") await o.page.screenshot({ path: path.join(art, "class.ko.390.png"), fullPage: true });
      await o.page.close();
    });
  }

  // Hangul and kana are drawn with a real font: a string of them is not as wide as the same number
  // of a code point that no font has (the fallback box), in the page's own font.
  for (const [file, sample] of [["class.ko.html", "학생단계점수"], ["student.ja.html", "試験の結果"]]) {
    await test(`${file}: its language is drawn with a real font, not boxes`, async () => {
      const o = await open(path.join(art, file));
      const [real, box] = await o.page.evaluate((text) => {
        const c = document.createElement("canvas").getContext("2d");
        c.font = getComputedStyle(document.body).font;
        return [c.measureText(text).width, c.measureText("\u{10FFFD}".repeat([...text].length)).width];
      }, sample);
      assert.notEqual(Math.round(real), Math.round(box), `${sample}: ${real} px, as wide as ${box} px of boxes`);
      assert.equal(await o.page.evaluate(() => getComputedStyle(document.body).wordBreak), file.includes(".ko.") ? "keep-all" : "normal");
      await o.page.close();
    });
  }

  // ---- The instructor's Monday: a class built from captures with known roots (tests/browser/run),
  // graded with --pages, --roster and --due.
  const mon = await open(path.join(art, "monday", "class.html"));
  const monBatch = JSON.parse(fs.readFileSync(path.join(art, "monday", "batch.json"), "utf8"));
  await test("monday: what to reteach ranks the concepts as counted by hand", async () => {
    const p = mon.page;
    assert.deepEqual(mon.errors, []);
    const got = await p.$$eval("#reteach li.concept", (ls) => ls.map((l) => [l.dataset.concept, Number(l.dataset.count)]));
    // s01-s03 capacity-only and s04 allocatable-one (step2.allocatable), s05-s06 toleration-wrong-value
    // and s07 toleration-too-broad (step6.toleration), s08 taint-wrong-key (step5.taint), s11
    // trainer-bound-by-hand (step4.placed-by-scheduler); equal counts keep the concepts' order.
    assert.deepEqual(got, [["extended-resources", 4], ["tolerations", 3], ["taints", 1], ["scheduling", 1]]);
    const first = await p.$eval("#reteach li.concept", (l) => l.dataset.students);
    assert.equal(first, "s01 s02 s03 s04");
    assert.deepEqual(got, monBatch.class.concepts.map((c) => [c.id, c.count]));
    // It comes first, who needs help beside it, then the students by step; the per-check detail is folded.
    const order = await p.$$eval("main section[id]", (ss) => ss.map((x) => x.id));
    assert.deepEqual(order.slice(0, 3), ["reteach", "help", "students-section"]);
    for (const id of ["root-causes", "steps", "checks"]) {
      assert.equal(await p.$eval(`#${id} > details.fold`, (d) => d.open), false, `#${id} folded`);
    }
  });

  await test("monday: missing, not on the roster and late equal the batch JSON", async () => {
    const p = mon.page;
    assert.equal(Number(await p.getAttribute("#class-summary", "data-missing")), 2);
    assert.deepEqual(monBatch.class.missing, ["s12", "s13"]);
    assert.deepEqual(await p.$$eval("#roster ul.ids", (us) => us.map((u) => [...u.querySelectorAll("li")].map((l) => l.dataset.user))), [["s12", "s13"], ["s11"]]);
    const late = monBatch.submissions.filter((s) => s.late === true).map((s) => s.user);
    assert.ok(late.length > 0 && late.length < monBatch.submissions.length, `late: ${late}`);
    assert.equal(Number(await p.getAttribute("#class-summary", "data-late")), late.length);
    assert.deepEqual(await p.$$eval("#students tr[data-late=true]", (rs) => rs.map((r) => r.dataset.user).sort()), late.filter((u) => monBatch.submissions.find((s) => s.user === u).complete).sort());
  });

  await test("monday: the grid has a cell per step, the root's step marked", async () => {
    const p = mon.page;
    const cells = await p.$$eval("#students tbody tr", (rs) => rs.map((r) => [r.dataset.user, r.querySelectorAll("td.cell").length, [...r.querySelectorAll("td.cell.root")].map((c) => Number(c.dataset.step))]));
    const steps = await p.$$eval("#students thead th.step-col", (hs) => hs.length);
    assert.equal(steps, 8);
    for (const [user, n, roots] of cells) {
      assert.equal(n, steps, user);
      const row = monBatch.submissions.find((s) => s.user === user);
      const want = [...new Set(row.report.checks.filter((c) => c.status === "fail" && !c.caused_by).map((c) => c.step))].sort();
      assert.deepEqual(roots, want, user);
    }
    // Sorting by step 2 puts the students who lost points there first.
    await p.click("#students thead th.step-col[data-step='2'] button");
    const firstUser = await p.$eval("#students tbody tr", (r) => r.dataset.user);
    assert.ok(["s01", "s02", "s03", "s04"].includes(firstUser), firstUser);
  });

  await test("monday: every student link opens their own page, with the batch row's score", async () => {
    const links = await mon.page.$$eval("#students tbody tr a[href]", (as) => as.map((a) => [a.closest("tr").dataset.user, a.getAttribute("href"), a.href]));
    const graded = monBatch.submissions.filter((s) => s.report);
    assert.equal(links.length, graded.filter((s) => s.complete).length);
    for (const [user, href, url] of links) {
      assert.ok(!href.startsWith("/") && !href.includes(":"), `relative: ${href}`);
      const row = monBatch.submissions.find((s) => s.user === user);
      assert.equal(href, row.page, user);
      const st = await open(new URL(url).pathname);
      assert.equal(Number(await st.page.getAttribute("#score", "data-score")), row.score, user);
      assert.deepEqual(st.errors, []);
      await st.page.close();
    }
  });

  await test("monday: no sideways scrolling at 390 px", async () => {
    await mon.page.setViewportSize({ width: 390, height: 844 });
    const [scroll, view] = await mon.page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(scroll <= view, `scrollWidth ${scroll} > viewport ${view}`);
  });
  await mon.page.close();

  // ---- A class of 75 (tests/browser/run): every capture in turn, a roster CSV with names, one id
  // typed one digit short, two students who did not submit.
  const c75 = path.join(art, "class75");
  const c75Batch = JSON.parse(fs.readFileSync(path.join(c75, "batch.json"), "utf8"));
  const roster75 = Object.fromEntries(
    fs.readFileSync(path.join(art, "roster75.csv"), "utf8").trim().split("\n").slice(1).map((l) => l.split(",").slice(0, 2)),
  );
  const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
  const heights = {};
  for (const [kind, vp] of Object.entries(viewports)) {
    const o = await open(path.join(c75, "class.html"));
    await o.page.setViewportSize(vp);
    await test(`class of 75, ${vp.width} px: the class numbers, what to reteach and who needs help are on the first screen`, async () => {
      const top = (sel) => o.page.$eval(sel, (e) => e.getBoundingClientRect().top + window.scrollY);
      for (const sel of ["#class-summary", "#reteach li.concept", "#help h2", "#help li.help-item"]) {
        const y = await top(sel);
        assert.ok(y + 20 <= vp.height, `${sel} starts at ${Math.round(y)} px, below the first ${vp.height} px`);
      }
      assert.ok((await top("#students-section")) > (await top("#help")), "the grid follows who needs help");
      assert.deepEqual(o.errors, []);
    });
    await test(`class of 75, ${vp.width} px: no column narrower than a few characters, no text a character a line`, async () => {
      const bad = await o.page.evaluate(() => {
        const out = [];
        for (const d of document.querySelectorAll("details")) d.open = true;
        for (const e of document.querySelectorAll("main td, main th, main li, main p, main summary")) {
          const r = e.getBoundingClientRect();
          const text = e.innerText.trim();
          if (r.width === 0 || text === "") continue;
          const em = parseFloat(getComputedStyle(e).fontSize);
          if (r.width < 2.5 * em) out.push(`${e.tagName} "${text.slice(0, 20)}" ${Math.round(r.width)} px wide`);
          // Its lines: the distinct tops of its text's boxes (a cell is as tall as its row, whatever its text).
          const range = document.createRange();
          range.selectNodeContents(e);
          const lines = Math.max(1, new Set([...range.getClientRects()].filter((b) => b.width > 0).map((b) => Math.round(b.top / (em / 2)))).size);
          if ([...text].length >= 12 && [...text].length / lines < 5) out.push(`${e.tagName} "${text.slice(0, 20)}" ${lines} lines`);
        }
        for (const d of document.querySelectorAll("details")) d.open = false;
        return out;
      });
      assert.deepEqual(bad.slice(0, 10), []);
      const [scroll, view] = await o.page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      assert.ok(scroll <= view, `scrollWidth ${scroll} > viewport ${view}`);
    });
    heights[vp.width] = await o.page.evaluate(() => document.documentElement.scrollHeight);
    // The first screen, as an instructor opens it: kept with the artifacts, and the README's with --readme-images.
    for (const dir of [art, process.env.GPUWHY_README_IMAGES].filter(Boolean)) {
      await o.page.screenshot({ path: path.join(dir, `instructor-${kind}.jpg`), type: "jpeg", quality: 70 });
    }
    await o.page.close();
  }
  await test("class of 75: the page's height (390 px under 13,000, 1280 px under 7,000; was 51,724 and 10,798)", async () => {
    console.log(`# class of 75: ${heights[390]} px tall at 390 px, ${heights[1280]} px at 1280 px`);
    assert.ok(heights[390] < 13000, `${heights[390]} px at 390`);
    assert.ok(heights[1280] < 7000, `${heights[1280]} px at 1280`);
  });

  const o75 = await open(path.join(c75, "class.html"));
  await test("class of 75: who needs help ranks the batch JSON's students by root causes, then score", async () => {
    const flagged = (s) => s.late === true || s.on_roster === false || s.report.integrity?.status === "suspect";
    const want = c75Batch.submissions
      .filter((s) => s.complete)
      .map((s, i) => ({ s, i, roots: s.report.checks.filter((c) => c.status === "fail" && !c.caused_by).length }))
      .filter(({ s, roots }) => s.score < s.max_score || roots > 0 || flagged(s))
      .sort((a, b) => b.roots - a.roots || a.s.score / a.s.max_score - b.s.score / b.s.max_score || a.i - b.i)
      .map(({ s }) => s.user);
    const got = await o75.page.$$eval("#help li.help-item", (ls) => ls.map((l) => l.dataset.user));
    assert.deepEqual(got, want);
    // Each links to their page, with the roster's name beside the id.
    const items = await o75.page.$$eval("#help li.help-item", (ls) =>
      ls.map((l) => [l.dataset.user, l.querySelector("a")?.getAttribute("href"), l.querySelector(".name")?.textContent ?? ""]));
    for (const [user, href, name] of items) {
      assert.equal(href, c75Batch.submissions.find((s) => s.user === user).page, user);
      assert.equal(name, roster75[user] ?? "", user);
    }
    // The first eight listed, the rest folded.
    assert.equal(await o75.page.$$eval("#help-list > li", (ls) => ls.length), Math.min(8, want.length));
  });
  await test("class of 75: missing students by name, the id typed one digit short suggested for 20260127", async () => {
    assert.deepEqual(c75Batch.class.missing, ["20260127", "20260176", "20260177"]);
    const missing = await o75.page.$$eval("#unscored .unscored-item[data-kind=missing]", (es) =>
      es.map((e) => [e.dataset.user, e.querySelector(".name")?.textContent, e.querySelector(".near")?.dataset.near ?? ""]));
    assert.deepEqual(missing, c75Batch.class.missing.map((id) => [id, roster75[id], id === "20260127" ? "2026027" : ""]));
    const roster = await o75.page.$$eval("#roster ul.ids li", (ls) => ls.map((l) => [l.dataset.user, l.querySelector(".near")?.dataset.near ?? ""]));
    assert.deepEqual(roster, [["20260127", "2026027"], ["20260176", ""], ["20260177", ""], ["2026027", ""]]);
  });
  await test("class of 75: a student's page is headed by their name, id, score and root causes", async () => {
    const row = c75Batch.submissions.find((s) => s.complete && s.report.roots.length > 0 && roster75[s.user]);
    const st = await open(path.join(c75, row.page));
    await st.page.setViewportSize(viewports.phone);
    assert.equal((await st.page.locator("h1").innerText()).trim(), roster75[row.user]);
    assert.equal(await st.page.getAttribute("#student", "data-user"), row.user);
    assert.ok((await st.page.locator("#student").innerText()).includes(row.user));
    assert.equal(Number(await st.page.getAttribute("#score", "data-score")), row.score);
    assert.deepEqual((await st.page.getAttribute("#root-line", "data-roots")).split(" "), row.report.roots);
    for (const sel of ["h1", "#student", "#score", "#root-line"]) {
      const y = await st.page.$eval(sel, (e) => e.getBoundingClientRect().bottom);
      assert.ok(y <= viewports.phone.height, `${sel} ends at ${y}`);
    }
    // On a phone the checks are cards: the details cell is as wide as the card, not a column.
    const widths = await st.page.$$eval("section.step tr.check td:last-child", (ts) => ts.map((t) => t.getBoundingClientRect().width));
    assert.ok(widths.length > 0 && Math.min(...widths) > 250, `details cells ${widths.map(Math.round)}`);
    await st.page.close();
  });
  await o75.page.close();

  const hostile = await open(path.join(art, "hostile.html"));
  await test("hostile page: a <script> in a student's file is shown as text and never runs", async () => {
    const p = hostile.page;
    assert.equal(await p.evaluate(() => window.__gpuwhyPwned === undefined), true);
    assert.equal(await p.locator("main script").count(), 0);
    const text = await p.locator("main").innerText();
    assert.ok(text.includes("<script>"), "the markup is visible as text");
  });
} finally {
  await context.close();
  fs.rmSync(userDir, { recursive: true, force: true });
}

console.log(failures === 0 ? "browser tests: all passed" : `browser tests: ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
