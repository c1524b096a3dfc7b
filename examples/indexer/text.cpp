#include "text.h"

#include <algorithm>
#include <cctype>

namespace text {

namespace {
// Knuth's MMIX LCG: deterministic across platforms and libraries, unlike
// std::uniform_int_distribution.
struct Lcg {
  std::uint64_t State;
  unsigned next(unsigned Bound) {
    State = State * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<unsigned>((State >> 33) % Bound);
  }
};

const char *const Syllables[] = {"ka", "to", "ru", "mi", "se", "lo", "ta",
                                 "vo", "ni", "mo", "ra", "li", "su", "ze",
                                 "fo", "pa", "ne", "ti", "ve", "la"};
constexpr unsigned NumSyllables = sizeof(Syllables) / sizeof(Syllables[0]);
} // namespace

std::vector<std::string> generateCorpus(unsigned Docs, unsigned Words,
                                        std::uint64_t Seed) {
  Lcg Rng{Seed};
  std::vector<std::string> Corpus;
  Corpus.reserve(Docs);
  for (unsigned D = 0; D < Docs; ++D) {
    std::string Doc;
    for (unsigned W = 0; W < Words; ++W) {
      // Skewed lengths and syllables: a few words are frequent, most rare,
      // as in real text.
      unsigned Len = 1 + Rng.next(2) + (Rng.next(4) == 0);
      std::string Word;
      for (unsigned S = 0; S < Len; ++S)
        Word += Syllables[Rng.next(1 + Rng.next(NumSyllables))];
      // Some capitals and punctuation for the tokenizer to undo.
      if (Rng.next(20) == 0)
        Word[0] = static_cast<char>(std::toupper(Word[0]));
      Doc += Word;
      Doc += Rng.next(12) == 0 ? ". " : " ";
    }
    Corpus.push_back(std::move(Doc));
  }
  return Corpus;
}

std::vector<std::string> tokenize(std::string_view Text) {
  std::vector<std::string> Tokens;
  std::string Word;
  for (char C : Text) {
    if (std::isalpha(static_cast<unsigned char>(C))) {
      Word += static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
    } else if (!Word.empty()) {
      Tokens.push_back(std::move(Word));
      Word.clear();
    }
  }
  if (!Word.empty())
    Tokens.push_back(std::move(Word));
  return Tokens;
}

void Index::addDocument(unsigned Doc, std::string_view Text) {
  for (std::string &Term : tokenize(Text)) {
    std::vector<Posting> &List = Postings[std::move(Term)];
    // Documents arrive in order: the document's posting, if any, is last.
    if (List.empty() || List.back().Doc != Doc)
      List.push_back({Doc, 0});
    ++List.back().Freq;
  }
}

std::size_t Index::postings() const {
  std::size_t N = 0;
  for (const auto &Entry : Postings)
    N += Entry.second.size();
  return N;
}

std::vector<Hit> Index::intersect(const std::vector<std::string> &Terms) const {
  std::vector<const std::vector<Posting> *> Lists;
  for (const std::string &T : Terms) {
    auto It = Postings.find(T);
    if (It == Postings.end())
      return {};
    Lists.push_back(&It->second);
  }
  if (Lists.empty())
    return {};
  // Walk the shortest list and look the others up by binary search.
  std::sort(Lists.begin(), Lists.end(),
            [](auto *A, auto *B) { return A->size() < B->size(); });
  std::vector<Hit> Hits;
  for (const Posting &P : *Lists.front()) {
    unsigned Score = P.Freq;
    bool InAll = true;
    for (std::size_t I = 1; I < Lists.size() && InAll; ++I) {
      auto It = std::lower_bound(
          Lists[I]->begin(), Lists[I]->end(), P.Doc,
          [](const Posting &Q, unsigned D) { return Q.Doc < D; });
      InAll = It != Lists[I]->end() && It->Doc == P.Doc;
      if (InAll)
        Score += It->Freq;
    }
    if (InAll)
      Hits.push_back({P.Doc, Score});
  }
  return Hits;
}

std::vector<Hit> Index::query(std::string_view Query, std::size_t Limit) const {
  std::vector<Hit> Hits = intersect(tokenize(Query));
  auto Better = [](const Hit &A, const Hit &B) {
    return A.Score != B.Score ? A.Score > B.Score : A.Doc < B.Doc;
  };
  std::size_t N = std::min(Limit, Hits.size());
  std::partial_sort(Hits.begin(), Hits.begin() + N, Hits.end(), Better);
  Hits.resize(N);
  return Hits;
}

std::size_t Index::count(std::string_view Query) const {
  return intersect(tokenize(Query)).size();
}

} // namespace text
