// The indexer's library: corpus generation, tokenisation, the index.
#ifndef HOTPATH_EXAMPLES_INDEXER_TEXT_H
#define HOTPATH_EXAMPLES_INDEXER_TEXT_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace text {

/// Documents of `Words` words each, made of syllables by an LCG seeded
/// with `Seed`: the same arguments give the same corpus.
std::vector<std::string> generateCorpus(unsigned Docs, unsigned Words,
                                        std::uint64_t Seed);

/// Lower-cased words of `Text`; anything but a letter separates words.
std::vector<std::string> tokenize(std::string_view Text);

struct Hit {
  unsigned Doc;
  unsigned Score; // occurrences of the query's terms in the document
};

class Index {
public:
  void addDocument(unsigned Doc, std::string_view Text);
  /// The best `Limit` documents containing every term of `Query`, by score
  /// then document number.
  std::vector<Hit> query(std::string_view Query, std::size_t Limit) const;
  /// How many documents contain every term of `Query`.
  std::size_t count(std::string_view Query) const;

  std::size_t terms() const { return Postings.size(); }
  std::size_t postings() const;

private:
  struct Posting {
    unsigned Doc;
    unsigned Freq;
  };
  std::vector<Hit> intersect(const std::vector<std::string> &Terms) const;
  // Per term, its postings in increasing document order.
  std::unordered_map<std::string, std::vector<Posting>> Postings;
};

} // namespace text

#endif
