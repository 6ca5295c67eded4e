/// A command whose output may be long and goes through the pager on a terminal.
protocol PagedCommand {}

extension OverviewCommand: PagedCommand {}
extension LsCommand: PagedCommand {}
extension SearchCommand: PagedCommand {}
extension ShowCommand: PagedCommand {}
extension CheckCommand: PagedCommand {}
extension TagListCommand: PagedCommand {}
extension TagHistoryCommand: PagedCommand {}
extension FolderTreeCommand: PagedCommand {}
extension HistoryCommand: PagedCommand {}
extension LinksCommand: PagedCommand {}
extension BacklinksCommand: PagedCommand {}
extension TrashListCommand: PagedCommand {}
extension TrashShowCommand: PagedCommand {}
