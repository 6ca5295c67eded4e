/// A command whose output may be long and goes through the pager on a terminal. The commands a
/// daemon answers are paged too (`WarmServable` refines this); these are the others.
protocol PagedCommand {}

extension CheckCommand: PagedCommand {}
extension TagHistoryCommand: PagedCommand {}
extension TrashListCommand: PagedCommand {}
extension TrashShowCommand: PagedCommand {}
