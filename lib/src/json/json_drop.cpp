// A parse's DropPolicy: the caller's rules as a tree of path steps, followed as containers open.
#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gpuwhy/json/json_bounded.h"

namespace gpuwhy::jsonb {

DropPolicy::DropPolicy(std::vector<DropRule> rules) : rules_(std::move(rules)), nodes_(1) {
  for (std::size_t r = 0; r < rules_.size(); ++r) {
    const std::vector<std::string>& path = rules_[r].path;
    if (!path.empty() && path.front() == "**") {
      const std::string key = path.size() > 1 ? path[1] : std::string();
      auto it = std::find_if(anywhere_.begin(), anywhere_.end(), [&](const auto& a) { return a.first == key; });
      if (it == anywhere_.end()) {
        nodes_.emplace_back();
        it = anywhere_.insert(anywhere_.end(), {key, static_cast<int>(nodes_.size() - 1)});
      }
      nodes_[static_cast<std::size_t>(it->second)].rules.push_back(r);
      continue;
    }
    std::size_t at = 0;
    for (const std::string& step : path) {
      int next = -1;
      if (step == "*") {
        next = nodes_[at].any;
      } else {
        for (const auto& [key, node] : nodes_[at].members) {
          if (key == step) next = node;
        }
      }
      if (next < 0) {
        next = static_cast<int>(nodes_.size());
        nodes_.emplace_back();  // `at` stays an index: the vector may have moved
        if (step == "*") {
          nodes_[at].any = next;
        } else {
          nodes_[at].members.emplace_back(step, next);
        }
      }
      at = static_cast<std::size_t>(next);
    }
    nodes_[at].rules.push_back(r);
  }
}

DropPolicy::Place DropPolicy::child_of(Place parent, bool in_array, std::string_view key) const {
  Place c{-1, -1};
  if (!in_array) {
    for (const auto& [k, node] : anywhere_) {
      if (k == key) c.anywhere = node;
    }
  }
  if (parent.node < 0) return c;  // most of a document: below no anchored path
  const Node& n = nodes_[static_cast<std::size_t>(parent.node)];
  c.node = n.any;
  if (!in_array) {
    for (const auto& [k, node] : n.members) {
      if (k == key) c.node = node;
    }
  }
  return c;
}

bool DropPolicy::node_drops(int node, std::string_view key) const {
  if (node < 0) return false;
  for (const std::size_t r : nodes_[static_cast<std::size_t>(node)].rules) {
    const DropRule& rule = rules_[r];
    if (!rule.keep.empty()) {
      if (std::find(rule.keep.begin(), rule.keep.end(), key) == rule.keep.end()) return true;
    } else if (std::find(rule.drop.begin(), rule.drop.end(), key) != rule.drop.end()) {
      return true;
    }
  }
  return false;
}

}  // namespace gpuwhy::jsonb
