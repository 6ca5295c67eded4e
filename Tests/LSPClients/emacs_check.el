;;; emacs_check.el --- drives `notez lsp' with Emacs's own LSP client, eglot, in batch mode.
;;
;; Run by LSPClientTests: emacs --batch -Q -l EGLOT-AUTOLOADS -l emacs_check.el, with NOTEZ_BIN (the
;; built notez) and NOTEZ_VAULT (a copy of ExampleVault). Each check prints "ok NAME" or
;; "FAILED NAME"; the last line is "N passed"; the exit status is 1 when a check failed.

(require 'eglot)
(require 'cl-lib)

(defvar notez-bin (getenv "NOTEZ_BIN"))
(defvar vault (file-name-as-directory (getenv "NOTEZ_VAULT")))
(defvar passed 0)
(defvar failed 0)

(defun check (name ok)
  (if ok (setq passed (1+ passed)) (setq failed (1+ failed)))
  (princ (format "%s %s\n" (if ok "ok" "FAILED") name)))

(defun wait-until (seconds predicate)
  "Reads the server's messages until PREDICATE holds or SECONDS pass; PREDICATE's value."
  (let ((deadline (+ (float-time) seconds)) found)
    (while (and (not (setq found (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.1))
    found))

;; No backup, lock or auto-save files in the vault; connect synchronously.
(setq make-backup-files nil create-lockfiles nil auto-save-default nil
      eglot-sync-connect 60 eglot-connect-timeout 60 eglot-confirm-server-initiated-edits nil)
;; Emacs 28 has no Markdown mode: notes open in fundamental-mode, which eglot is told to manage.
(setq eglot-server-programs `((fundamental-mode . (,notez-bin "lsp"))))
;; The vault is the project of every note in it (a user's vault is usually its own git repository).
(add-hook 'project-find-functions (lambda (_dir) (cons 'transient (directory-file-name vault))))

(defvar published nil "Every publishDiagnostics the server sent: (URI . DIAGNOSTICS).")
(cl-defmethod eglot-handle-notification :after
  (_server (_method (eql textDocument/publishDiagnostics)) &key uri diagnostics &allow-other-keys)
  (push (cons uri diagnostics) published))

(defun at-link (text)
  (goto-char (point-min))
  (search-forward text))

(condition-case err
    (progn
      (find-file (expand-file-name "Work/Projects/Projects overview.md" vault))
      (eglot '(fundamental-mode) (project-current) 'eglot-lsp-server `(,notez-bin "lsp") "markdown")
      (check "the note's buffer is managed by notez lsp" (eglot-managed-p))

      ;; Definition and references of [[Alpha project plan]].
      (at-link "[[Alpha project")
      (let* ((id (xref-backend-identifier-at-point 'eglot))
             (definitions (xref-backend-definitions 'eglot id))
             (file (and definitions (xref-location-group (xref-item-location (car definitions))))))
        (check (format "definition goes to %s" file) (and file (string-suffix-p "Work/Projects/Alpha/Alpha project plan.md" file)))
        (let ((references (xref-backend-references 'eglot id)))
          (check (format "references: %d backlinks" (length references)) (= (length references) 2))))

      ;; Completion after [[ in unsaved text.
      (goto-char (point-max))
      (insert "\n[[Alph")
      (let* ((capf (eglot-completion-at-point))
             (candidates (and capf (all-completions "" (nth 2 capf)))))
        (check (format "completion after [[Alph offers %s" (and (car candidates) (substring-no-properties (car candidates))))
               (equal (car candidates) "Alpha project plan")))

      ;; Diagnostics of an unsaved broken link (the change sent as eglot sends it when idle).
      (insert "\n[[No such note here]]\n")
      (eglot--signal-textDocument/didChange)
      (let ((found (wait-until 15 (lambda ()
                                    (cl-some (lambda (entry)
                                               (cl-find-if (lambda (d) (string-match-p "No such note here" (plist-get d :message)))
                                                           (cdr entry)))
                                             published)))))
        (check (format "diagnostic: %s" (and found (plist-get found :message))) found))

      ;; A rename from a link in another note is refused while this buffer has unsaved text that
      ;; the rename would change; nothing moves.
      (find-file (expand-file-name "Work/Quarterly goals.md" vault))
      (check "a second note's buffer is managed" (eglot-managed-p))
      (at-link "[[Alpha project")
      (check "rename refused over an unsaved buffer"
             (condition-case refusal (progn (eglot-rename "Alpha plan") nil)
               (jsonrpc-error (string-match-p "unsaved changes" (format "%S" refusal)))))
      (check "nothing moved" (file-exists-p (expand-file-name "Work/Projects/Alpha/Alpha project plan.md" vault)))

      ;; The unsaved text undone, the rename goes through: notez moves the note and rewrites the
      ;; links on disk, then gives each open buffer its new text. Emacs first asks whether to
      ;; reread a file changed on disk; the user answers yes.
      (with-current-buffer (get-file-buffer (expand-file-name "Work/Projects/Projects overview.md" vault))
        (erase-buffer)
        (insert-file-contents (buffer-file-name))
        (eglot--signal-textDocument/didChange)
        (set-buffer-modified-p nil))
      (defvar asked nil)
      (advice-add 'yes-or-no-p :override (lambda (prompt) (push prompt asked) t))
      (at-link "[[Alpha project")
      (eglot-rename "Alpha plan")
      (check "the note moved on disk"
             (and (file-exists-p (expand-file-name "Work/Projects/Alpha/Alpha plan.md" vault))
                  (not (file-exists-p (expand-file-name "Work/Projects/Alpha/Alpha project plan.md" vault)))))
      (check "links rewritten on disk"
             (with-temp-buffer
               (insert-file-contents (expand-file-name "Work/Quarterly goals.md" vault))
               (search-forward "[[Alpha plan|Alpha]]" nil t)))
      (dolist (note '("Work/Quarterly goals.md" "Work/Projects/Projects overview.md"))
        (with-current-buffer (get-file-buffer (expand-file-name note vault))
          (check (format "the open buffer of %s shows the new link" note)
                 (wait-until 10 (lambda () (save-excursion (goto-char (point-min)) (search-forward "[[Alpha plan" nil t)))))))
      (check (format "Emacs asked to reread %d changed files" (length asked)) (= (length asked) 2))

      (dolist (buffer (buffer-list)) (with-current-buffer buffer (set-buffer-modified-p nil)))
      (eglot-shutdown (eglot-current-server)))
  (error (check (format "no error: %S" err) nil)))

(princ (format "%d passed\n" passed))
(kill-emacs (if (> failed 0) 1 0))
