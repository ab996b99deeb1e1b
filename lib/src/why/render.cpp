// `gpuwhy why`'s table and JSON document. Every text that comes from the cluster passes the
// terminal sanitiser before it reaches a table.
#include "gpuwhy/why/render.h"

#include <algorithm>
#include <array>

#include "gpuwhy/base/text.h"
#include "gpuwhy/base/wrap.h"
#include "gpuwhy/k8s/messages.h"
#include "gpuwhy/k8s/requests.h"

namespace gpuwhy::why {

namespace {

using nlohmann::json;

constexpr std::size_t kMinWidth = 40;  ///< narrower terminals get lines of 40 columns, as `check`'s table
constexpr std::size_t kMinWhy = 24;    ///< a WHY column narrower than this goes under its row instead

// `text` in lines of at most `width` columns (0: one line, as it is): the first after `first`, the
// others after `cont`, which is at least as wide. Breaks as `check`'s table does (text::wrap).
std::string fit(const std::string& text, std::size_t width, const std::string& first, const std::string& cont) {
  if (width == 0) return first + text + "\n";
  const std::size_t indent = text::display_width(cont);
  const std::size_t room = width > indent + kMinWhy / 2 ? width - indent : kMinWhy / 2;
  std::string out;
  bool head = true;
  for (const auto& line : text::lines(text::wrap(text, room, ""))) {
    if (line.empty() && !head) continue;
    out += (head ? first : cont) + line + "\n";
    head = false;
  }
  return head ? first + "\n" : out;
}

// Every line of `block` through fit(), its continuation lines two columns further in.
std::string fit_lines(const std::string& block, std::size_t width) {
  if (width == 0) return block;
  std::string out;
  for (const auto& line : text::lines(block)) {
    const std::size_t lead = line.find_first_not_of(' ');
    if (lead == std::string::npos) {
      out += line + "\n";
      continue;
    }
    const std::string in(lead, ' ');
    out += fit(line.substr(lead), width, in, in + "  ");
  }
  return out;
}

std::string pad(const std::string& s, std::size_t width) {
  const std::size_t w = text::display_width(s);
  return w >= width ? s : s + std::string(width - w, ' ');
}

std::string request_text(const Verdict& v, i18n::Lang lang) {
  if (v.request.empty()) return i18n::text("why.ui.no-request", lang);
  std::string out;
  for (const auto& [r, q] : v.request) out += (out.empty() ? "" : ", ") + r + " " + k8s::show_quantity(r, q);
  return out;
}

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : ", ") + i;
  return out;
}

std::string victims_text(const std::vector<Victim>& victims, i18n::Lang lang) {
  std::string out;
  for (const auto& x : victims) {
    out += (out.empty() ? "" : ", ") +
           i18n::render(msg("why.ui.victim", {{"pod", x.pod}, {"priority", std::to_string(x.priority)}}), lang);
  }
  return out;
}

std::string sanitized(const std::string& t) {
  return text::sanitize_terminal(t);
}

// The scheduler's own message and whether it says what the model says.
std::string scheduler_lines(const Verdict& v, i18n::Lang lang) {
  std::string out;
  if (!v.scheduler_message.empty()) {
    out += sanitized(i18n::render(
               msg("why.ui.scheduler", {{"source", v.scheduler_message_source}, {"message", v.scheduler_message}}),
               lang)) +
           "\n";
  }
  if (v.agrees) out += i18n::text(*v.agrees ? "why.ui.agrees" : "why.ui.disagrees", lang) + "\n";
  return out;
}

// The WHY of a node that passes every modelled gate of a verdict the scheduler refused: its
// unmodelled reason quoted whole when the message's counts tell it, else only that it passed.
std::string passed_gates_reason(const NodeVerdict& n, i18n::Lang lang) {
  if (n.scheduler_reasons.empty()) return i18n::text("why.ui.gate.passes", lang);
  if (n.scheduler_reasons.size() == 1) return n.scheduler_reasons.front();
  std::string all;
  for (const auto& x : n.scheduler_reasons) all += (all.empty() ? "" : " | ") + x;
  return i18n::render(msg("why.ui.one-of", {{"reasons", all}}), lang);
}

// One row per node (NODE, GATE, WHY), its numbers and its fix below it; WHY and the lines below
// wrap under their column, or, when the columns leave it too little room, under the row.
std::string node_rows(const Verdict& v, i18n::Lang lang, std::size_t width) {
  const auto r = [lang](const Msg& m) { return i18n::render(m, lang); };
  std::vector<std::array<std::string, 3>> rows;
  rows.push_back({r(msg("why.ui.col.node")), r(msg("why.ui.col.gate")), r(msg("why.ui.col.why"))});
  const bool unexplained = v.outcome() == Outcome::kNotExplained;
  for (const auto& n : v.nodes) {
    std::string reasons;
    for (const auto& x : n.reasons) reasons += (reasons.empty() ? "" : ", ") + x;
    std::string gate = n.gate == Gate::kNone ? r(msg("why.ui.fits")) : to_string(n.gate);
    if (unexplained && n.gate == Gate::kNone) {
      gate = r(msg("why.ui.gate.not-modelled"));
      reasons = passed_gates_reason(n, lang);
    }
    rows.push_back({sanitized(n.node), gate, sanitized(reasons)});
  }
  std::size_t w0 = 0;
  std::size_t w1 = 0;
  for (const auto& row : rows) {
    w0 = std::max(w0, text::display_width(row[0]));
    w1 = std::max(w1, text::display_width(row[1]));
  }
  const bool under = width != 0 && w0 + 2 + w1 + 2 + kMinWhy > width;
  const std::string indent = under ? std::string(4, ' ') : std::string(w0 + 2 + w1 + 2, ' ');
  std::string out;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (under) {
      out += pad(rows[i][0], w0) + "  " + rows[i][1] + "\n";
      if (!rows[i][2].empty()) out += fit(rows[i][2], width, "  ", "  ");
    } else {
      out += fit(rows[i][2], width, pad(rows[i][0], w0) + "  " + pad(rows[i][1], w1) + "  ", indent);
    }
    if (i == 0) continue;
    const auto& n = v.nodes[i - 1];
    for (const auto& d : n.details) out += fit(sanitized(r(d)), width, indent, indent + "  ");
    if (!n.victims.empty()) {
      out += fit(sanitized(r(msg("why.detail.victims", {{"victims", victims_text(n.victims, lang)}}))), width, indent,
                 indent + "  ");
    } else if (!n.preemption_reasons.empty() && n.preemption_reasons.front() != messages::kNoVictims &&
               n.preemption_reasons.front() != messages::kNotHelpful) {
      out += fit(sanitized(r(msg("why.detail.preempt-short", {{"reasons", join(n.preemption_reasons)}}))), width,
                 indent, indent + "  ");
    }
    if (!n.fix.id.empty()) {
      out += fit(sanitized(r(msg("why.ui.fix", {{"fix", r(n.fix)}}))), width, indent, indent + "  ");
    }
  }
  return out;
}

// What DefaultPreemption does for a pod that fits no node, when it is more than the usual tail.
std::string preemption_lines(const Verdict& v, i18n::Lang lang) {
  const auto r = [lang](const Msg& m) { return sanitized(i18n::render(m, lang)); };
  const Preemption& p = v.preemption;
  switch (p.state) {
    case Preemption::State::kCandidate:
      return r(msg(v.outcome() == Outcome::kExplained ? "why.ui.preempts" : "why.ui.preempt-unsure",
                   {{"node", p.node}, {"victims", victims_text(p.victims, lang)}})) +
             "\n";
    case Preemption::State::kIneligible:
      return r(p.ineligible == messages::kNotEligibleNever ? msg("why.ui.preempt-never")
                                                           : msg("why.ui.preempt-terminating")) +
             "\n";
    case Preemption::State::kNoCandidate:
      for (const auto& n : v.nodes) {
        if (!n.preemption_reasons.empty() && n.preemption_reasons.front() != messages::kNoVictims &&
            n.preemption_reasons.front() != messages::kNotHelpful) {
          return r(msg("why.ui.preempt-none")) + "\n";
        }
      }
      return "";
    case Preemption::State::kNotRun: return "";
  }
  return "";
}

std::string fitting_names(const Verdict& v) {
  std::string names;
  for (const auto& n : v.nodes) {
    if (n.gate == Gate::kNone) names += (names.empty() ? "" : ", ") + n.node;
  }
  return names;
}

// What the model's verdict predicts: a binding only when nothing it lacks can still decide; else
// that it is not fully explained, the scheduler's own reasons quoted whole and the gates checked.
std::string outcome_lines(const Verdict& v, i18n::Lang lang) {
  const auto r = [lang](const Msg& m) { return sanitized(i18n::render(m, lang)); };
  const std::string count = std::to_string(v.fitting_nodes());
  if (v.outcome() == Outcome::kExplained) {
    if (v.fitting_nodes() == 0) return preemption_lines(v, lang);
    return r(msg(v.gated ? "why.ui.gated-fits-on" : "why.ui.fits-on",
                 {{"count", count}, {"nodes", fitting_names(v)}})) +
           "\n";
  }
  if (v.outcome() == Outcome::kUnservedScheduler)
    return r(msg("why.ui.unserved-scheduler", {{"name", v.scheduler}})) + "\n";
  std::string out = r(msg("why.ui.not-explained")) + "\n" + preemption_lines(v, lang);
  for (const auto& u : v.unmodelled_reasons) {
    out += "  " +
           (u.count < 0 ? r(msg("why.ui.unmodelled-pod", {{"reason", u.text}}))
                        : r(msg("why.ui.unmodelled-nodes", {{"count", std::to_string(u.count)}, {"reason", u.text}}))) +
           "\n";
  }
  if (v.unmodelled_reasons.empty() && !v.scheduler_message.empty()) out += "  " + r(msg("why.ui.says-no")) + "\n";
  std::string gates;
  for (const auto g : modelled_gates()) gates += (gates.empty() ? "" : ", ") + to_string(g);
  out += r(v.fitting_nodes() == 0
               ? msg("why.ui.checked-none", {{"gates", gates}})
               : msg("why.ui.checked-fits", {{"gates", gates}, {"count", count}, {"nodes", fitting_names(v)}})) +
         "\n";
  return out;
}

}  // namespace

std::string render_table(const Verdict& v, i18n::Lang lang, std::size_t width) {
  if (width != 0) width = std::max(width, kMinWidth);
  const auto r = [lang](const Msg& m) { return sanitized(i18n::render(m, lang)); };
  std::string out =
      r(msg("why.ui.pod",
            {{"namespace", v.namespace_}, {"pod", v.pod}, {"phase", v.phase}, {"request", request_text(v, lang)}})) +
      "\n";
  if (v.outcome() == Outcome::kNodeMissing) {
    // Pending: it never ran; any other phase: it was bound there and the node went since.
    const bool pending = v.phase.empty() || v.phase == "Pending";
    return fit_lines(
        out +
            r(msg(pending ? "why.ui.node-missing" : "why.ui.node-gone", {{"node", v.node_name}, {"phase", v.phase}})) +
            "\n",
        width);
  }
  if (!v.node_name.empty()) return fit_lines(out + r(msg("why.ui.bound", {{"node", v.node_name}})) + "\n", width);
  if (v.priority != 0 || !v.priority_class.empty() || !v.preemption_policy.empty()) {
    out += r(msg("why.ui.priority",
                 {{"priority", std::to_string(v.priority)},
                  {"class", v.priority_class.empty() ? "-" : v.priority_class},
                  {"policy", v.preemption_policy.empty() ? "PreemptLowerPriority" : v.preemption_policy}})) +
           "\n";
  }
  if (v.gated) out += r(msg("why.ui.gated", {{"gates", join(v.scheduling_gates)}})) + "\n";
  if (v.other_scheduler() && v.outcome() != Outcome::kUnservedScheduler) {
    out += r(msg("why.ui.other-scheduler", {{"name", v.scheduler}})) + "\n";
  }
  std::string rows;
  if (!v.prefilter_failure.empty()) {
    // One refusal for the whole pod: no node was tried, so no node has a row.
    out += r(msg("why.ui.prefilter", {{"reason", v.prefilter_failure}})) + "\n";
    if (!v.nodes.empty()) {
      for (const auto& d : v.nodes.front().details) out += "  " + r(d) + "\n";
      out += "  " + r(msg("why.ui.fix", {{"fix", i18n::render(v.nodes.front().fix, lang)}})) + "\n";
    }
  } else {
    rows = node_rows(v, lang, width);
  }
  std::string tail;
  if (!v.summary.empty()) {
    tail += r(msg(v.gated ? "why.ui.gated-summary" : "why.ui.summary", {{"summary", v.summary}})) + "\n";
  }
  tail += scheduler_lines(v, lang);  // "... differ from gpuwhy's (see below)": the outcome follows
  tail += outcome_lines(v, lang);
  for (const auto& nm : v.not_modelled) tail += r(msg("why.ui.not-modelled", {{"what", nm.what}})) + "\n";
  if (v.lab_step != 0) {
    tail += r(msg("why.ui.lab-held", {{"pod", v.pod}, {"step", std::to_string(v.lab_step)}})) + "\n";
  }
  return fit_lines(out, width) + rows + fit_lines(tail, width);
}

json report(const std::vector<Verdict>& verdicts, const std::string& server_version, i18n::Lang lang) {
  json out = json::object();
  out["schema_version"] = 1;
  out["kind"] = "gpuwhy-why";
  out["gpuwhy_version"] = GPUWHY_VERSION;
  out["server_version"] = server_version;
  out["lang"] = i18n::to_string(lang);
  json pods = json::array();
  for (const auto& v : verdicts) pods.push_back(to_json(v, i18n::to_string(lang)));
  out["pods"] = pods;
  return out;
}

std::string render_tables(const std::vector<Verdict>& verdicts, const std::string& ns, i18n::Lang lang,
                          std::size_t width) {
  if (verdicts.empty()) {
    return fit_lines(text::sanitize_terminal(i18n::render(msg("why.ui.no-pending", {{"namespace", ns}}), lang)) + "\n",
                     width);
  }
  std::string out;
  for (std::size_t i = 0; i < verdicts.size(); ++i) {
    if (i > 0) out += "\n";
    out += render_table(verdicts[i], lang, width);
  }
  return out;
}

}  // namespace gpuwhy::why
